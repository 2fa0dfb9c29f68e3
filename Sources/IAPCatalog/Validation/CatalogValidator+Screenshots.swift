extension CatalogValidator.Check {
    /// Promotional images given by path: inside the catalog's folder, there, PNG or JPEG of 1024x1024 pixels.
    mutating func images(of product: Product) {
        for image in product.appStore.images {
            guard let relative = image.path else { continue }
            referencedImage(relative, "image '\(relative)' of '\(product.id)'", at: image.position) { header in
                let side = AppStoreLimits.promotionalImageSide
                return header.width == side && header.height == side ? nil : "App Store Connect needs \(side)x\(side)"
            }
        }
    }

    /// The review screenshot: inside the catalog's folder, there, PNG or JPEG of at least 640x920
    /// pixels (or 920x640); a draft without one gets a warning.
    mutating func reviewScreenshot(of product: Product) {
        guard let review = product.appStore.review, let screenshot = review.screenshot else {
            if product.status == .draft {
                report(
                    .missingReviewScreenshot,
                    "draft '\(product.id)' has no review screenshot; App Review needs one before it is submitted",
                    at: product.positions.entry)
            }
            return
        }
        referencedImage(screenshot, "review screenshot '\(screenshot)' of '\(product.id)'", at: review.positions.screenshot) { header in
            let minimum = AppStoreLimits.reviewScreenshotMinimum
            let fits = min(header.width, header.height) >= minimum.shorter && max(header.width, header.height) >= minimum.longer
            return fits
                ? nil : "App Store Connect needs at least \(minimum.shorter)x\(minimum.longer) (or \(minimum.longer)x\(minimum.shorter))"
        }
    }

    /// The checks every image path gets, in order: `path_outside_folder`, `screenshot_not_found`,
    /// `image_format`, then `image_size` with the requirement `sizeProblem` states (nil: fine).
    private mutating func referencedImage(
        _ relative: String, _ subject: String, at position: SourcePosition?, sizeProblem: (ImageHeader) -> String?
    ) {
        let path: String
        switch ReferencedPath.resolve(relative, in: directory, allowingOutside: allowsOutsidePaths) {
        case .success(let resolved): path = resolved
        case .failure(let escape):
            report(.pathOutsideFolder, escape.message(subject), at: position)
            return
        }
        switch inspect(path) {
        case .present: return
        case .missing: report(.screenshotNotFound, "\(subject) not found (looked for \(path))", at: position)
        case .unreadable(let reason): report(.screenshotNotFound, "\(subject) cannot be read: \(path) \(reason)", at: position)
        case .read(.failure(let problem)): report(.imageFormat, "\(subject) \(problem.reason)", at: position)
        case .read(.success(let header)):
            if let requirement = sizeProblem(header) {
                report(.imageSize, "\(subject) is \(header.width)x\(header.height) pixels; \(requirement)", at: position)
            }
        }
    }
}
