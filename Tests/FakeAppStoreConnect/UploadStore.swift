import Crypto
import Foundation
import LoopbackHTTP

/// Apple's asset upload protocol for review screenshots: a reservation answers `uploadOperations`
/// (one PUT per part, to a URL that needs no token), the client PUTs every part, then commits with
/// `uploaded: true` and the MD5 of the whole file; processing then finishes (COMPLETE) or fails.
extension FakeState {
    /// The size of an upload part. Small, so that a test's file spans several parts.
    static let uploadPartSize = 64 * 1024

    /// Reserves an upload for `owner`'s review screenshot, replacing the one it had.
    func reserveScreenshot(owner: Owner, fileName: String, fileSize: Int) -> ScreenshotRecord {
        let parts = stride(from: 0, to: fileSize, by: Self.uploadPartSize).map { offset in
            ScreenshotRecord.Part(offset: offset, length: min(Self.uploadPartSize, fileSize - offset))
        }
        let record = ScreenshotRecord(
            id: newUUID(), owner: owner, fileName: fileName, fileSize: fileSize, contentType: Self.contentType(of: fileName),
            uploadToken: newUUID().replacingOccurrences(of: "-", with: ""), parts: parts)
        switch owner {
        case .inAppPurchase(let id):
            if let old = inAppPurchases[id]?.screenshotID { deleteScreenshot(old) }
            inAppPurchases[id]?.screenshotID = record.id
        case .subscription(let id):
            if let old = subscriptions[id]?.screenshotID { deleteScreenshot(old) }
            subscriptions[id]?.screenshotID = record.id
        case .group:
            break
        }
        screenshots[record.id] = record
        uploads[record.uploadToken] = record.id
        refreshState(of: owner)
        return record
    }

    /// Forgets a screenshot and its upload.
    func deleteScreenshot(_ id: String) {
        guard let record = screenshots.removeValue(forKey: id) else { return }
        uploads[record.uploadToken] = nil
        processing.remove(id)
        switch record.owner {
        case .inAppPurchase(let owner) where inAppPurchases[owner]?.screenshotID == id: inAppPurchases[owner]?.screenshotID = nil
        case .subscription(let owner) where subscriptions[owner]?.screenshotID == id: subscriptions[owner]?.screenshotID = nil
        default: break
        }
        refreshState(of: record.owner)
    }

    /// `PUT /upload/{token}/{part}`: stores one part. 200 with an empty body; 404 for an unknown
    /// upload or part; 400 when the body's length or content type is not the operation's.
    func receiveUpload(_ request: HTTPRequest, token: String, part: String) -> HTTPResponse {
        guard let id = uploads[token], let record = screenshots[id], let index = Int(part), record.parts.indices.contains(index) else {
            return .json(404, APIError.notFound("There is no upload operation at this URL.").document)
        }
        let expected = record.parts[index]
        guard request.body.count == expected.length else {
            return .json(
                400,
                APIError.parameterInvalid("body", "The part must be exactly \(expected.length) bytes; \(request.body.count) were sent.")
                    .document)
        }
        guard request.header("Content-Type")?.lowercased() == record.contentType else {
            return .json(
                400, APIError.parameterInvalid("Content-Type", "Send the request header Content-Type: \(record.contentType).").document)
        }
        screenshots[id]?.received[index] = request.body
        return HTTPResponse(status: 200)
    }

    /// Commits an upload (`PATCH` with `uploaded: true`): complete when every part arrived and the
    /// MD5 of the assembled file is `checksum`, failed otherwise.
    func commitScreenshot(_ id: String, checksum: String?) {
        guard var record = screenshots[id] else { return }
        record.sourceFileChecksum = checksum
        record.committed = true
        var file = Data()
        let missing = record.parts.indices.filter { record.received[$0] == nil }
        for index in record.parts.indices { file.append(record.received[index] ?? Data()) }
        let md5 = Insecure.MD5.hash(data: file).map { String(format: "%02x", $0) }.joined()
        if !missing.isEmpty {
            record.deliveryState = "FAILED"
            record.deliveryErrors = [
                ("UPLOAD_INCOMPLETE", "Parts \(missing.map(String.init).joined(separator: ", ")) were never uploaded.")
            ]
        } else if checksum?.lowercased() != md5 {
            record.deliveryState = "FAILED"
            record.deliveryErrors = [
                ("CHECKSUM_MISMATCH", "The checksum '\(checksum ?? "")' does not match the uploaded file's MD5 '\(md5)'.")
            ]
        } else {
            record.deliveryState = "UPLOAD_COMPLETE"
            record.deliveryErrors = []
            processing.insert(id)
        }
        record.received = [:]
        screenshots[id] = record
        refreshState(of: record.owner)
    }

    private static func contentType(of fileName: String) -> String {
        switch fileName.split(separator: ".").last?.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        default: "application/octet-stream"
        }
    }
}
