extension CatalogValidator.Check {
    /// `screenshot_not_found` for images: paths resolve against the catalog's directory.
    mutating func images(of product: Product) {
        for image in product.appStore.images {
            guard let relative = image.path else { continue }
            let path = FilePaths.join(directory, relative)
            if !fileExists(path) {
                report(.screenshotNotFound, "image '\(relative)' of '\(product.id)' not found (looked for \(path))", at: image.position)
            }
        }
    }

    /// `screenshot_not_found`: paths resolve against the catalog's directory.
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
        let path = FilePaths.join(directory, screenshot)
        if !fileExists(path) {
            report(
                .screenshotNotFound, "review screenshot '\(screenshot)' of '\(product.id)' not found (looked for \(path))",
                at: review.positions.screenshot)
        }
    }
}
