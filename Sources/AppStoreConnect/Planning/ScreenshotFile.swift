import IAPCatalog

/// A review screenshot as the plan needs it: where it is, its size and its MD5 checksum (what App
/// Store Connect keeps, so an unchanged file is never uploaded again).
package struct ScreenshotFile: Sendable, Equatable {
    /// The file's path (the catalog's path joined with the catalog's directory).
    package var path: String
    /// The name sent to App Store Connect.
    package var fileName: String
    /// Its size in bytes.
    package var size: Int
    /// The MD5 checksum, lower-case hex.
    package var checksum: String

    /// The file at `path`, or an error message.
    package static func read(_ path: String) -> Result<ScreenshotFile, ScreenshotError> {
        do {
            let bytes = try InputFile.read(path, sizeLimit: 64 << 20)
            var md5 = MD5()
            md5.update(bytes)
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return .success(ScreenshotFile(path: path, fileName: name, size: bytes.count, checksum: md5.finalize()))
        } catch {
            return .failure(ScreenshotError(message: error.description))
        }
    }
}

/// Why a screenshot cannot be read.
package struct ScreenshotError: Error, Sendable, Equatable {
    /// The message (path and reason).
    package var message: String
}

extension DesiredState {
    /// Reads every product's review screenshot, relative to `catalogDirectory`, and the checksums
    /// of images given by path; a file that cannot be read becomes a warning (a screenshot is not
    /// uploaded, images are not compared).
    /// Paths that lead outside `catalogDirectory` are not read unless `allowingOutside`.
    package mutating func readScreenshots(catalogDirectory: String, allowingOutside: Bool = false) -> [PlanNote] {
        func read(_ relative: String) -> Result<ScreenshotFile, ScreenshotError> {
            switch ReferencedPath.resolve(relative, in: catalogDirectory, allowingOutside: allowingOutside) {
            case .success(let path): ScreenshotFile.read(path)
            case .failure(let escape): .failure(ScreenshotError(message: "'\(relative)' \(escape.reason(folder: "the catalog's folder"))"))
            }
        }
        var notes: [PlanNote] = []
        for index in products.indices {
            guard let relative = products[index].screenshot else { continue }
            switch read(relative) {
            case .success(let file): products[index].screenshotFile = file
            case .failure(let error):
                notes.append(PlanNote(resource: products[index].productID, message: "review screenshot not uploaded: \(error.message)"))
            }
        }
        for index in products.indices {
            for (position, image) in (products[index].extras?.images ?? []).enumerated() where image.checksum == nil {
                guard let relative = image.path else { continue }
                switch read(relative) {
                case .success(let file): products[index].extras?.images[position].checksum = file.checksum
                case .failure(let error):
                    notes.append(PlanNote(resource: products[index].productID, message: "image not compared: \(error.message)"))
                }
            }
        }
        screenshotNotes = notes
        return notes
    }
}
