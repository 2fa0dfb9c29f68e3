/// Unity's `TranslationLocale` enum, which a catalog stores as an index (`googleLocale`). The enum
/// changed in Unity IAP 5.0.0-pre.6 (June 2025) with no migration and no version in the file, so
/// the same index names another language depending on which Unity IAP wrote it: 4 is en_US before
/// and hy_AM after, 21 is en_CA before and en_US after. Both orders are copied from Unity's
/// `ProductCatalog.cs` (com.unity.purchasing; docs/lint.md#unity-iap-catalogs cites the versions).
package enum UnityLocaleTable: String, Sendable, CaseIterable {
    /// Unity IAP 3.0 up to 5.0.0-pre.5: 32 locales, en_US = 4.
    case legacy
    /// Unity IAP 5.0.0-pre.6 on: 88 locales, en_US = 21.
    case current

    /// The enum's cases in declaration order (the index is the value `JsonUtility` writes).
    package var names: [String] {
        switch self {
        case .legacy:
            [
                "zh_TW", "cs_CZ", "da_DK", "nl_NL", "en_US", "fr_FR", "fi_FI", "de_DE", "iw_IL", "hi_IN", "it_IT", "ja_JP", "ko_KR",
                "no_NO", "pl_PL", "pt_PT", "ru_RU", "es_ES", "sv_SE", "zh_CN", "en_AU", "en_CA", "en_GB", "fr_CA", "el_GR", "id_ID",
                "ms_MY", "pt_BR", "es_MX", "th_TH", "tr_TR", "vi_VN",
            ]
        case .current:
            [
                "af_ZA", "sq_SQ", "am_ET", "ar_AE", "hy_AM", "az_AZ", "bn_BD", "eu_ES", "be_BY", "bg_BG", "my_MM", "ca_CA", "zh_HK",
                "zh_CN", "zh_TW", "hr_HR", "cs_CZ", "da_DK", "nl_NL", "en_AU", "en_CA", "en_US", "en_GB", "en_IN", "en_SG", "en_ZA",
                "et_EE", "fil_FIL", "fi_FI", "fr_CA", "fr_FR", "gl_ES", "ka_GE", "de_DE", "el_GR", "gu_IN", "iw_IL", "hi_IN", "hu_HU",
                "is_IS", "id_ID", "it_IT", "ja_JP", "kn_IN", "kk_KZ", "km_KH", "ko_KR", "ky_KG", "lo_LA", "lv_LV", "lt_LT", "mk_MK",
                "ms_MY", "ms_MS", "ml_IN", "mr_IN", "mn_MN", "ne_NP", "no_NO", "fa_FA", "fa_AE", "fa_AF", "fa_IR", "pl_PL", "pt_BR",
                "pt_PT", "pa_IN", "ro_RO", "rm_CH", "ru_RU", "sr_RS", "si_LK", "sk_SK", "sl_SI", "es_419", "es_ES", "es_MX", "es_US",
                "sw_KE", "sv_SE", "ta_IN", "te_IN", "th_TH", "tr_TR", "uk_UA", "ur_UZ", "vi_VN", "zu_ZA",
            ]
        }
    }

    /// The index of en_US, Unity's default `googleLocale`.
    package var englishUS: Int { names.firstIndex(of: "en_US")! }

    /// The enum case at `index`, nil past its end.
    package func name(at index: Int) -> String? {
        names.indices.contains(index) ? names[index] : nil
    }

    /// App Store Connect's code for a Unity locale name (zh_CN → zh-Hans, ja_JP → ja), nil when
    /// App Store Connect has no such locale.
    package static func appStoreLocale(_ name: String) -> String? {
        AppStoreLocales.canonical(name)
    }

    /// The table a Unity IAP version wrote: `legacy` before 5.0.0-pre.6, `current` from it on;
    /// nil when `version` is not a version number (a git URL, a file path).
    package static func written(byVersion version: String) -> UnityLocaleTable? {
        let parts = version.split(separator: "-", maxSplits: 1)
        guard let core = parts.first else { return nil }
        let numbers = core.split(separator: ".").map { Int($0) }
        guard numbers.count == 3, let major = numbers[0], let minor = numbers[1], let patch = numbers[2] else { return nil }
        if major != 5 || minor != 0 || patch != 0 || parts.count == 1 { return major >= 5 ? .current : .legacy }
        // 5.0.0-pre.N: the enum changed in pre.6.
        let pre = parts[1].split(separator: ".").last.flatMap { Int($0) } ?? 0
        return pre >= 6 ? .current : .legacy
    }

    /// The `com.unity.purchasing` version of the Unity project `file` lies in: the first
    /// `Packages/manifest.json` above it that names one (its path, and the version). A relative
    /// `file` is taken against `workingDirectory` (absolute) and the folders above are climbed all
    /// the same (`IAPProductCatalog.json` read from inside `Assets/Resources` finds the project's
    /// manifest); the manifest's path is then said relative to `workingDirectory`.
    package static func projectPackageVersion(near file: String, workingDirectory: String) -> (manifest: String, version: String)? {
        let relative = !file.hasPrefix("/")
        var directory = FilePaths.directory(of: FilePaths.absolute(file, base: workingDirectory))
        let base = FilePaths.absolute(".", base: workingDirectory)
        for _ in 0..<6 {
            let manifest = FilePaths.join(directory, "Packages/manifest.json")
            if let bytes = try? InputFile.read(manifest), let root = try? JSONParser().parse(bytes).document.root,
                let dependencies = root.pairs.first(where: { $0.key.scalar?.text == "dependencies" })?.value,
                let version = dependencies.pairs.first(where: { $0.key.scalar?.text == "com.unity.purchasing" })?.value.scalar?.text
            {
                let shown = relative ? FilePaths.join(FilePaths.relative(from: base, to: directory), "Packages/manifest.json") : manifest
                return (shown, version)
            }
            let parent = FilePaths.directory(of: directory)
            if parent == directory { break }
            directory = parent
        }
        return nil
    }
}
