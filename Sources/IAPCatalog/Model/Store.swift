/// A store a product is sold on.
public enum Store: String, Sendable, CaseIterable, Comparable {
    /// Apple's App Store (App Store Connect).
    case appStore = "app_store"
    /// Google Play (the Play Console and the Play Developer API).
    case googlePlay = "google_play"

    /// The App Store first: the order stores are listed in.
    public static func < (lhs: Store, rhs: Store) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
