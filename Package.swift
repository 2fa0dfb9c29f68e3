// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "iapcat",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "IAPCatalog", targets: ["IAPCatalog"]),
        .executable(name: "iapcat", targets: ["iapcat"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .target(
            name: "IAPCatalog",
            dependencies: ["CYAML", "CLibXML2"]
        ),
        .executableTarget(
            name: "iapcat",
            dependencies: [
                "IAPCatalog",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "IAPCatalogTests",
            dependencies: ["IAPCatalog"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "iapcatIntegrationTests",
            dependencies: ["iapcat"],
            exclude: ["Fixtures"]
        ),
    ]
)
