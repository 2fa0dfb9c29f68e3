import AsyncHTTPClient

extension HTTPClient.Configuration {
    /// How both stores' API clients talk HTTP: connect within 4 s, read within 30 s, keep idle
    /// connections a minute, and never follow a redirect (a bearer token goes only where the user
    /// pointed).
    package static var storeAPI: HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .seconds(4), read: .seconds(30))
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool = .init(idleTimeout: .seconds(60))
        return configuration
    }
}
