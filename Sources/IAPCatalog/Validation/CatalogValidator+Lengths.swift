extension CatalogValidator.Check {
    private typealias Limits = AppStoreLimits

    /// `length_limit`, `length_advisory` for the subscription groups.
    mutating func groupLengths() {
        for group in catalog.subscriptionGroups {
            if let name = group.referenceName {
                checkRange(name, Limits.referenceName, "the reference name of group '\(group.id)'", at: group.positions.referenceName)
            }
            for localization in group.localizations {
                if let name = localization.name {
                    checkRange(
                        name, Limits.groupName, "the \(localization.locale) name of group '\(group.id)'",
                        at: localization.positions.name)
                }
                if let appName = localization.appName, CharacterCount.of(appName) > Limits.groupAppNameAdvisory {
                    report(
                        .lengthAdvisory,
                        "the \(localization.locale) app name of group '\(group.id)' is \(Plural.count(appName.count, "character")); the documented limit is \(Limits.groupAppNameAdvisory)",
                        at: localization.positions.appName)
                }
            }
        }
    }

    /// `length_limit`, `length_advisory` for a product's texts.
    mutating func lengths(of product: Product) {
        if let name = product.referenceName {
            checkRange(name, Limits.referenceName, "the reference name of '\(product.id)'", at: product.positions.referenceName)
        }
        for localization in product.localizations {
            guard let displayName = localization.displayName else { continue }
            let count = CharacterCount.of(displayName)
            if count < Limits.displayNameMinimum {
                report(
                    .lengthLimit,
                    "the \(localization.locale) display name of '\(product.id)' is \(Plural.count(count, "character")); App Store Connect needs at least \(Limits.displayNameMinimum)",
                    at: localization.positions.displayName)
            } else if count > Limits.displayNameAdvisory {
                report(
                    .lengthAdvisory,
                    "the \(localization.locale) display name of '\(product.id)' is \(Plural.count(count, "character")); the documented limit is \(Limits.displayNameAdvisory)",
                    at: localization.positions.displayName)
            }
            if let description = localization.description, !Limits.descriptionAdvisory.contains(CharacterCount.of(description)) {
                let bound =
                    description.count > Limits.descriptionAdvisory.upperBound
                    ? "the documented limit is \(Limits.descriptionAdvisory.upperBound)"
                    : "bulk upload needed at least \(Limits.descriptionAdvisory.lowerBound)"
                report(
                    .lengthAdvisory,
                    "the \(localization.locale) description of '\(product.id)' is \(Plural.count(description.count, "character")); \(bound)",
                    at: localization.positions.description)
            }
        }
        if let notes = product.appStore.review?.notes, notes.utf8.count > Limits.reviewNotes, notes.count > Limits.reviewNotes {
            report(
                .lengthLimit,
                "the review notes of '\(product.id)' are \(Plural.count(notes.count, "character")); App Store Connect allows at most \(Limits.reviewNotes)",
                at: product.appStore.review?.positions.notes)
        }
    }

    private mutating func checkRange(
        _ text: String, _ range: ClosedRange<Int>, _ what: @autoclosure () -> String, at position: SourcePosition?
    ) {
        let count = CharacterCount.of(text)
        guard !range.contains(count) else { return }
        let bound = count < range.lowerBound ? "at least \(range.lowerBound)" : "at most \(range.upperBound)"
        report(.lengthLimit, "\(what()) is \(Plural.count(count, "character")); App Store Connect allows \(bound)", at: position)
    }
}
