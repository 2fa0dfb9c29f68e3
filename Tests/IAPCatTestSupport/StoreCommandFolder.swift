import Foundation
import Testing

/// The folder a test of `iapcat asc` or `iapcat play` works in (both tiers'): a copy of the example
/// catalog as `catalog.yaml` with the files of catalogs/ it names, and the store's key, readable by
/// its owner only. The fake store itself is the test's.
public struct StoreCommandFolder: Sendable {
    /// The folder's absolute path.
    public let path: String
    /// The catalog in it.
    public var catalog: String { path + "/catalog.yaml" }

    /// A new folder, `iapcat-name-UUID` in the system's temporary folder, holding the example
    /// catalog and `items` of catalogs/ (`screenshots`, `example`).
    public init(_ name: String, with items: [String]) throws {
        path = try IAPCat.temporaryDirectory(name)
        try FileManager.default.copyItem(atPath: IAPCat.packageRoot + "/catalogs/example.yaml", toPath: path + "/catalog.yaml")
        for item in items {
            try FileManager.default.copyItem(atPath: IAPCat.packageRoot + "/catalogs/" + item, toPath: path + "/" + item)
        }
    }

    /// Writes App Store Connect API key KEY1 of issuer ISSUER (`AuthKey_KEY1.p8`, mode 0600) and
    /// returns the environment that makes iapcat use it against `apiURL`.
    public func ascEnvironment(keyPEM: String, apiURL: String) -> [String: String] {
        let keyPath = path + "/AuthKey_KEY1.p8"
        _ = FileManager.default.createFile(atPath: keyPath, contents: Data(keyPEM.utf8), attributes: [.posixPermissions: 0o600])
        return ["ASC_KEY_ID": "KEY1", "ASC_ISSUER_ID": "ISSUER", "ASC_PRIVATE_KEY_PATH": keyPath, "ASC_API_URL": apiURL]
    }

    /// Writes the JSON key of Google service account `email` (`play-key.json`, mode 0600), whose
    /// tokens come from `tokenURL`, and returns the environment that makes iapcat use it against
    /// `apiURL`.
    public func playEnvironment(email: String, privateKeyPEM: String, tokenURL: String, apiURL: String) throws -> [String: String] {
        let key: [String: String] = [
            "type": "service_account", "project_id": "example-project", "private_key_id": "0123abcd",
            "private_key": privateKeyPEM, "client_email": email, "token_uri": tokenURL,
        ]
        let keyPath = path + "/play-key.json"
        _ = FileManager.default.createFile(
            atPath: keyPath, contents: try JSONSerialization.data(withJSONObject: key), attributes: [.posixPermissions: 0o600])
        return ["GOOGLE_APPLICATION_CREDENTIALS": keyPath, "PLAY_API_URL": apiURL]
    }

    /// The catalog's edit most `asc` tests plan: the small coins' U.S. price from 0.99 to 1.99; the
    /// catalog's text after it.
    @discardableResult public func raiseTheSmallCoinsPrice() throws -> String {
        let catalog = try String(contentsOfFile: self.catalog, encoding: .utf8)
        let raised = catalog.replacingOccurrences(
            of: #"storefronts: { USA: "0.99", JPN: "160", DEU: "0.99" }"#,
            with: #"storefronts: { USA: "1.99", JPN: "160", DEU: "0.99" }"#)
        #expect(raised != catalog)
        try raised.write(toFile: self.catalog, atomically: true, encoding: .utf8)
        return raised
    }

    /// Removes the folder and all in it.
    public func remove() { try? FileManager.default.removeItem(atPath: path) }
}

/// What the `asc submit` tests of both tiers share.
public enum ASCSubmitFixtures {
    /// The fake's app, which the example catalog names.
    public static let app = "1234567890"

    /// The first steps of a submission of the example catalog: its products added to a new review
    /// submission.
    public static let additions = """
        + create a review submission for IOS
        ~ add version 1 of in-app purchase com.example.cosmicquest.coins.small to the review submission
        ~ add version 1 of in-app purchase com.example.cosmicquest.level.nebula to the review submission
        ~ add version 1 of subscription group Cosmic Premium to the review submission
        ~ add version 1 of subscription com.example.cosmicquest.premium.monthly to the review submission
        ~ add version 1 of in-app purchase com.example.cosmicquest.season_pass.2026 to the review submission

        """
}
