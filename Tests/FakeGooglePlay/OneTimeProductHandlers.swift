/// `monetization.onetimeproducts`: list, get, patch (which also creates), and
/// `purchaseOptions.batchUpdateStates`.
extension PlayState {
    mutating func listOneTimeProducts(_ call: PlayCall) throws(PlayError) -> PlayJSON {
        let items = app(call).oneTimeProducts.map { (key: [$0.key], value: PlayJSON.object($0.value)) }
        return try page(items, list: "oneTimeProducts:" + call.packageName, key: "oneTimeProducts", call.query)
    }

    func getOneTimeProduct(_ id: String, _ call: PlayCall) throws(PlayError) -> PlayJSON {
        guard let product = app(call).oneTimeProducts[id] else { throw .notFound() }
        return .object(product)
    }

    /// `PATCH onetimeproducts/{productId}?updateMask=…&regionsVersion.version=…[&allowMissing=true]`.
    mutating func patchOneTimeProduct(_ id: String, _ call: PlayCall) throws(PlayError) -> PlayJSON {
        let mask = try call.query.updateMask(fields: OneTimeProductRules.maskFields)
        let version = try call.query.regionsVersion(known: knownVersions)
        let allowMissing = try call.query.flag("allowMissing", field: "allow_missing")
        let body = try call.object()
        try Field.matching(body["packageName"], at: "packageName", expected: call.packageName)
        try Field.matching(body["productId"], at: "productId", expected: id)
        return try withApp(call) { app throws(PlayError) -> PlayJSON in
            let previous = app.oneTimeProducts[id]
            var product: [String: PlayJSON]
            let written: Set<String>
            if let previous {
                product = FieldMask.apply(mask, from: body, to: previous)
                written = Set(mask)
            } else {
                guard allowMissing else { throw .notFound() }
                try Self.checkNewProductId(id, maxLength: nil)
                product = body
                written = Set(body.keys).union(OneTimeProductRules.maskFields)
            }
            try OneTimeProductRules.check(product, written: written, previous: previous, version: version)
            product = FieldMask.storing(written, of: product)
            if written.contains("purchaseOptions") {
                product["purchaseOptions"] = OneTimeProductRules.carryingStates(
                    product["purchaseOptions"], previous: previous?["purchaseOptions"])
            }
            product["packageName"] = .string(call.packageName)
            product["productId"] = .string(id)
            product["regionsVersion"] = .object(["version": .string(version)])
            app.oneTimeProducts[id] = product
            return .object(product)
        }
    }

    /// A product id a create may use: the id rule, and not reserved (`android.test…`).
    static func checkNewProductId(_ id: String, maxLength: Int?) throws(PlayError) {
        guard PlayRules.isProductId(id, maxLength: maxLength) else {
            throw .invalid(
                "Invalid product id '\(id)': it must start with a lowercase letter or a digit and contain only lowercase letters, "
                    + "digits, '_' and '.'" + (maxLength.map { ", at most \($0) characters." } ?? "."))
        }
        guard !id.hasPrefix("android.test") else { throw .invalid("Product id '\(id)' is reserved.") }
    }

    /// `POST oneTimeProducts/{productId}/purchaseOptions:batchUpdateStates` (`productId` may be `-`):
    /// all requests or none, each for a different purchase option.
    mutating func updatePurchaseOptionStates(productId: String, _ call: PlayCall) throws(PlayError) -> PlayJSON {
        let requests = try Field.objects(try call.object()["requests"], at: "requests")
        guard !requests.isEmpty else { throw .invalid("requests must contain at least one request.") }
        guard requests.count <= 100 else { throw .invalid("At most 100 requests are allowed in a batch, got \(requests.count).") }
        return try withApp(call) { app throws(PlayError) -> PlayJSON in
            var changed: [String] = []
            var seen: Set<[String]> = []
            for (index, request) in requests.enumerated() {
                let (activate, inner, at) = try Self.stateRequest(
                    request, at: "requests[\(index)]", activate: "activatePurchaseOptionRequest",
                    deactivate: "deactivatePurchaseOptionRequest")
                try Field.matching(inner["packageName"], at: at + ".packageName", expected: call.packageName)
                let product = try Field.required(inner["productId"], at: at + ".productId")
                if productId != "-" { try Field.matching(.string(product), at: at + ".productId", expected: productId) }
                let option = try Field.required(inner["purchaseOptionId"], at: at + ".purchaseOptionId")
                try Self.checkLatencyTolerance(inner["latencyTolerance"], at: at + ".latencyTolerance")
                guard seen.insert([product, option]).inserted else {
                    throw .invalid("All requests must be for different purchase options: \(product)/\(option) is repeated.")
                }
                guard var stored = app.oneTimeProducts[product] else { throw .notFound("One-time product not found: \(product).") }
                var options = stored["purchaseOptions"]?.array ?? []
                guard let position = options.firstIndex(where: { $0["purchaseOptionId"]?.string == option }),
                    var object = options[position].object
                else { throw .notFound("Purchase option not found: \(product)/\(option).") }
                let state = object["state"]?.string ?? "STATE_UNSPECIFIED"
                if activate {
                    guard OneTimeProductRules.isSellable(object) else {
                        throw .precondition(
                            "Purchase option \(product)/\(option) cannot be activated: no region is AVAILABLE with a price.")
                    }
                    object["state"] = "ACTIVE"
                } else {
                    guard state == "ACTIVE" else {
                        throw .precondition(
                            "Purchase option \(product)/\(option) is \(state): only an ACTIVE purchase option can be deactivated.")
                    }
                    object["state"] = "INACTIVE"
                }
                options[position] = .object(object)
                stored["purchaseOptions"] = .array(options)
                app.oneTimeProducts[product] = stored
                if !changed.contains(product) { changed.append(product) }
            }
            let products = changed.compactMap { app.oneTimeProducts[$0].map(PlayJSON.object) }
            return .object(products.isEmpty ? [:] : ["oneTimeProducts": .array(products)])
        }
    }

    /// One request of a `batchUpdateStates`: whether it activates, its fields, and its path.
    static func stateRequest(_ request: [String: PlayJSON], at path: String, activate: String, deactivate: String) throws(PlayError)
        -> (Bool, [String: PlayJSON], String)
    {
        let on = try Field.object(request[activate], at: path + "." + activate)
        let off = try Field.object(request[deactivate], at: path + "." + deactivate)
        switch (on, off) {
        case (let inner?, nil): return (true, inner, path + "." + activate)
        case (nil, let inner?): return (false, inner, path + "." + deactivate)
        default: throw .invalid("\(path) must set exactly one of \(activate) and \(deactivate).")
        }
    }

    /// A `latencyTolerance` in a body: absent or one of the enum's values.
    static func checkLatencyTolerance(_ value: PlayJSON?, at path: String) throws(PlayError) {
        guard let tolerance = try Field.string(value, at: path) else { return }
        guard PlayQuery.latencyTolerances.contains(tolerance) else {
            throw .invalid("Invalid value at '\(path)' (type.googleapis.com/ProductUpdateLatencyTolerance), \"\(tolerance)\"")
        }
    }
}
