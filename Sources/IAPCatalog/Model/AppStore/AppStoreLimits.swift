/// Limits App Store Connect sets on a catalog's texts, counts and images: enforced (lint's
/// `length_limit`, `product_limit`, `promotion_limit`, `image_size`) or documented inconsistently (`length_advisory`: some of its
/// screens accept 35/55 where the documented limit is 30/45). Another store's limits live beside
/// its own model, never here.
public enum AppStoreLimits {
    /// Characters of a product identifier.
    public static let productIdentifier = 100
    /// Characters in a product's or group's reference name.
    public static let referenceName = 2...64
    /// Characters a localized display name needs at least.
    public static let displayNameMinimum = 2
    /// The documented limit of a localized display name.
    public static let displayNameAdvisory = 30
    /// Characters of a localized description: bulk upload needed 10, the documented limit is 45.
    public static let descriptionAdvisory = 10...45
    /// Characters of the notes for App Review.
    public static let reviewNotes = 4_000
    /// Characters in a subscription group's localized name.
    public static let groupName = 2...75
    /// The documented limit of a subscription group's localized app name.
    public static let groupAppNameAdvisory = 30
    /// In-app purchases and subscriptions an app may have.
    public static let products = 10_000
    /// Promoted in-app purchases the App Store shows.
    public static let promotedProducts = 20
    /// Pixels of a review screenshot at least, portrait (the shorter side, the longer side); the
    /// landscape form is accepted too.
    public static let reviewScreenshotMinimum = (shorter: 640, longer: 920)
    /// Pixels of a promotional image: exactly this wide and high.
    public static let promotionalImageSide = 1_024
}
