import IAPCatalog

/// App Store Connect's upload protocol for a review screenshot: reserve (file name and size), PUT
/// each part the reservation lists (signed URLs, no bearer token), commit with the MD5 checksum,
/// then wait until processing is complete. A new reservation replaces the old screenshot.
struct ScreenshotUpload {
    let api: any ConnectTransport
    let pollInterval: Duration
    /// Checks of the processing state before giving up (about a minute by default).
    var maxPolls = 30

    func upload(_ file: ScreenshotFile, owner: PlanOwner, productResourceID id: String) async throws {
        let family = ResourceFamily.of(owner)
        guard let type = family.screenshotType else { throw StepError("\(owner.noun) \(owner.key) has no review screenshot") }
        let (relationship, relatedType) = (family.ownerRelationship, family.type)
        let bytes = try InputFile.read(file.path, sizeLimit: 64 << 20)
        var md5 = MD5()
        md5.update(bytes)
        let checksum = md5.finalize()
        guard bytes.count == file.size, checksum == file.checksum else {
            throw StepError("\(file.path) changed since the plan was made; plan again")
        }
        let reservation = try await api.send(
            ConnectRequest(
                .post, "/v1/\(type)",
                body: Resource(
                    type: type, attributes: ["fileName": .string(file.fileName), "fileSize": .int(file.size)],
                    relationships: [relationship: .one(ResourceIdentifier(type: relatedType, id: id))])))
        guard let reserved = reservation.data.first, let screenshotID = reserved.id else {
            throw StepError("the screenshot reservation answered no id")
        }
        let operations: [UploadOperation]
        do throws(UploadRules.Refusal) {
            operations = try UploadRules.check(UploadOperation.list(reserved.attributes["uploadOperations"]), fileSize: bytes.count)
        } catch {
            throw StepError("\(file.fileName) not uploaded: \(error.description)")
        }
        for operation in operations {
            try await api.upload(operation, bytes: bytes[operation.offset..<(operation.offset + operation.length)])
        }
        let commit = Resource(type: type, id: screenshotID, attributes: ["uploaded": true, "sourceFileChecksum": .string(checksum)])
        var state = try await api.send(ConnectRequest(.patch, "/v1/\(type)/\(id: screenshotID)", body: commit)).data.first
        for _ in 0..<maxPolls {
            switch state?.attributes["assetDeliveryState"]?["state"]?.string {
            case "COMPLETE":
                return
            case "FAILED":
                let reason = state?.attributes["assetDeliveryState"]?["errors"]?.array?.first?["description"]?.string ?? "no reason given"
                throw StepError("App Store Connect could not process \(file.fileName): \(reason)")
            default:
                try await Task.sleep(for: pollInterval)
                state = try await api.send(ConnectRequest(.get, "/v1/\(type)/\(id: screenshotID)")).data.first
            }
        }
        throw StepError("\(file.fileName) was still processing after \(maxPolls) checks; run apply again later")
    }
}
