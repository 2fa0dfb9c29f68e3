import IAPCatalog

/// A batch of one-time-use codes of an in-app purchase's offer code
/// (`inAppPurchaseOfferCodeOneTimeUseCodes`): an event, not state. `iapcat asc offer-codes
/// generate` asks App Store Connect for one and takes its codes (`GET …/values`, `text/csv`) to a
/// file the user names; no code is printed, logged, or written into the catalog.
package struct OneTimeUseCodeBatch: Sendable, Equatable {
    /// The batch's resource id.
    package var id: String
    /// The codes, one per redemption.
    package var codes: [String]

    /// What a batch asks for.
    package struct Request: Sendable {
        /// The app (`app.apple_id`).
        package var appID: String
        /// The product id of the one-time purchase.
        package var productID: String
        /// The offer code's reference name.
        package var offerCode: String
        /// How many codes.
        package var count: Int
        /// The last day they redeem.
        package var expires: CalendarDate
        /// `SANDBOX` or `PRODUCTION`.
        package var environment: String

        /// A request for `count` codes of `offerCode` of `productID`.
        package init(appID: String, productID: String, offerCode: String, count: Int, expires: CalendarDate, environment: String) {
            (self.appID, self.productID, self.offerCode, self.count) = (appID, productID, offerCode, count)
            (self.expires, self.environment) = (expires, environment)
        }
    }

    /// Why no batch was made or read, in the terms of the catalog.
    package struct Failure: Error, Sendable, Equatable {
        /// What went wrong.
        package var message: String
        /// The API's error, when the API refused or failed.
        package var apiError: ConnectAPIError?
    }

    /// The largest batch iapcat asks for in one request (a model: Apple's page says one-time-use
    /// codes come in batches, without a number the API document states).
    package static let maximumCount = 100_000

    /// Makes the batch `request` asks for and reads its codes. The offer code must exist in App
    /// Store Connect and be active; the codes App Store Connect answers must be one per line,
    /// letters and digits only, and as many as asked for.
    package static func generate(_ request: Request, api: ConnectClient) async throws(Failure) -> OneTimeUseCodeBatch {
        guard (1...maximumCount).contains(request.count) else {
            throw Failure(message: "a batch holds 1 to \(maximumCount) codes, not \(request.count)")
        }
        let offerCode = try await offerCodeID(request, api: api)
        let created: APIDocument
        do {
            created = try await api.send(
                ConnectRequest(
                    .post, "/v1/inAppPurchaseOfferCodeOneTimeUseCodes",
                    body: Resource(
                        type: "inAppPurchaseOfferCodeOneTimeUseCodes",
                        attributes: [
                            "numberOfCodes": .int(request.count), "expirationDate": .string(request.expires.description),
                            "environment": .string(request.environment),
                        ],
                        relationships: ["offerCode": .one(ResourceIdentifier(type: "inAppPurchaseOfferCodes", id: offerCode))])))
        } catch {
            throw Failure(message: "App Store Connect did not make the batch: \(error.message)", apiError: error)
        }
        guard let id = created.data.first?.id else { throw Failure(message: "App Store Connect answered the batch without an id") }
        let bytes: [UInt8]
        do {
            bytes = try await api.bytes(ConnectRequest(.get, "/v1/inAppPurchaseOfferCodeOneTimeUseCodes/\(id: id)/values"))
        } catch {
            throw Failure(message: "batch \(id) was made, but its codes could not be read: \(error.message)", apiError: error)
        }
        let codes = try Self.codes(bytes, batch: id, expected: request.count)
        return OneTimeUseCodeBatch(id: id, codes: codes)
    }

    /// The codes of a `values` answer: one per line, letters and digits, as many as asked for.
    /// Anything else is refused without repeating it (it is not ours to print).
    static func codes(_ bytes: [UInt8], batch: String, expected: Int) throws(Failure) -> [String] {
        let lines = bytes.split(omittingEmptySubsequences: true) { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }
        var codes: [String] = []
        codes.reserveCapacity(lines.count)
        for (index, line) in lines.enumerated() {
            guard line.count <= 64, line.allSatisfy({ Self.isCodeCharacter($0) }) else {
                throw Failure(message: "batch \(batch): line \(index + 1) of App Store Connect's codes is not a code (letters and digits)")
            }
            codes.append(String(decoding: line, as: UTF8.self))
        }
        guard codes.count == expected, Set(codes).count == codes.count else {
            throw Failure(
                message: "batch \(batch): App Store Connect gave \(Plural.count(codes.count, "code")) (\(Set(codes).count) different), "
                    + "not the \(expected) asked for; nothing was written")
        }
        return codes
    }

    private static func isCodeCharacter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The resource id of the offer code, read from the product's offer codes.
    private static func offerCodeID(_ request: Request, api: ConnectClient) async throws(Failure) -> String {
        let products: APIDocument
        do {
            products = try await api.send(
                ConnectRequest(
                    .get, "/v1/apps/\(id: request.appID)/inAppPurchasesV2",
                    query: [("filter[productId]", request.productID), ("include", "offerCodes"), ("limit[offerCodes]", "50")]))
        } catch {
            throw Failure(message: "could not read the product: \(error.message)", apiError: error)
        }
        guard let product = products.data.first(where: { $0.string("productId") == request.productID }), let productID = product.id else {
            throw Failure(message: "App Store Connect has no in-app purchase \(request.productID) in app \(request.appID)")
        }
        var codes = products.included(product.relationships["offerCodes"])
        if codes.count >= ConnectRemoteReader.includeLimit {
            do {
                codes = try await api.all("/v2/inAppPurchases/\(id: productID)/offerCodes").data
            } catch {
                throw Failure(message: "could not read the offer codes: \(error.message)", apiError: error)
            }
        }
        guard let code = codes.first(where: { $0.string("name") == request.offerCode }), let id = code.id else {
            throw Failure(
                message: "\(request.productID) has no offer code \"\(request.offerCode)\" in App Store Connect (`asc apply` creates it)")
        }
        guard code.bool("active") != false else {
            throw Failure(message: "offer code \"\(request.offerCode)\" of \(request.productID) is deactivated: its codes would not redeem")
        }
        return id
    }
}
