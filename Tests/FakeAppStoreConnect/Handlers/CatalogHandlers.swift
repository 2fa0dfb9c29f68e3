/// `GET /v1/territories` and `GET /v1/apps/{id}`.
enum CatalogHandlers {
    static func territories(_ c: Context) throws(APIError) -> Reply {
        c.list(c.state.territories.map { Ref(.territory, $0) })
    }

    static func app(_ c: Context) throws(APIError) -> Reply {
        _ = try c.state.app(c.id)
        return c.one(Ref(.app, c.id))
    }
}
