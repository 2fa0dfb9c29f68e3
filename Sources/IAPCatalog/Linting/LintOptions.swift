/// What `iapcat lint` is asked to check.
public struct LintOptions: Sendable {
    /// The catalog that lists are checked against. When nil: a catalog among `paths`, else
    /// ``Catalog/defaultPath`` when it exists.
    public var catalogPath: String?
    /// Files to lint (catalogs or lists, recognised by content). Empty: the catalog and every
    /// list it declares.
    public var paths: [String]
    /// The environment of a list the catalog does not declare.
    public var undeclaredEnvironment: StoreEnvironment
    /// Rules turned on beyond the defaults (e.g. `unlisted_product`).
    public var enabledRules: Set<RuleID>
    /// Rules turned off.
    public var disabledRules: Set<RuleID>

    /// Creates options; the defaults lint the default catalog and its lists, production for undeclared lists, default rules.
    public init(
        catalogPath: String? = nil, paths: [String] = [], undeclaredEnvironment: StoreEnvironment = .production,
        enabledRules: Set<RuleID> = [], disabledRules: Set<RuleID> = []
    ) {
        self.catalogPath = catalogPath
        self.paths = paths
        self.undeclaredEnvironment = undeclaredEnvironment
        self.enabledRules = enabledRules
        self.disabledRules = disabledRules
    }

    /// Whether `rule` runs: on by default or enabled, and not disabled (disabling wins).
    public func isEnabled(_ rule: RuleID) -> Bool {
        if disabledRules.contains(rule) { return false }
        return rule.descriptor.enabledByDefault || enabledRules.contains(rule)
    }
}
