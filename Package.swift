// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "iapcat",
    // The Apple platforms other than macOS are for IAPCatReporting, the product apps add (Swift
    // concurrency needs iOS 13; its StoreKit 2 part is marked iOS 15 and later).
    platforms: [.macOS(.v14), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "IAPCatalog", targets: ["IAPCatalog"]),
        .library(name: "IAPCatalogServer", targets: ["IAPCatalogServer"]),
        .library(name: "FieldReports", targets: ["FieldReports"]),
        .library(name: "AppStoreConnect", targets: ["AppStoreConnect"]),
        .library(name: "GooglePlay", targets: ["GooglePlay"]),
        // What apps add to report the ids their store did not return (docs/field-reports.md).
        .library(name: "IAPCatReporting", targets: ["IAPCatReporting"]),
        .executable(name: "iapcat", targets: ["iapcat"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-atomics", from: "1.3.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
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
        .systemLibrary(name: "CFileSystem"),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .target(
            name: "IAPCatalog",
            dependencies: ["CYAML", "CLibXML2", "CFileSystem"],
            // A symbolic link to schemas/bulk-iap.xsd, compiled in as `PackageResources.bulk_iap_xsd`
            // (bytes; no bundle, nothing read at run time).
            resources: [.embedInCode("BulkXML/bulk-iap.xsd")]
        ),
        .target(
            name: "IAPCatalogServer",
            dependencies: [
                "IAPCatalog",
                "FieldReports",
                "CZlib",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOExtras", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Atomics", package: "swift-atomics"),
            ]
        ),
        // Field reports (`POST /v1/reports`, `iapcat reports`): the contract, the counts, their
        // storage (SQLite embedded, PostgreSQL for several replicas) and what they mean.
        .target(
            name: "FieldReports",
            dependencies: [
                "IAPCatalog",
                "CZlib",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The app side of field reports: the missing ids, the report, once per app version × list ETag
        // × day, sent with back-off. No dependencies at all: apps add it (docs/field-reports.md).
        .target(name: "IAPCatReporting"),
        // What both stores' API clients share: retries with back-off, deadlines, which failures are worth repeating.
        .target(
            name: "StoreHTTP",
            dependencies: [
                "IAPCatalog",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .target(
            name: "AppStoreConnect",
            dependencies: [
                "IAPCatalog",
                "StoreHTTP",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ]
        ),
        .target(
            name: "GooglePlay",
            dependencies: [
                "IAPCatalog",
                "StoreHTTP",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .target(name: "CatalogGenerator", dependencies: ["IAPCatalog", "CZlib"]),
        // The command line as a library: every command, run by the `iapcat` executable and, in
        // process, by the tests (CommandLineTool.run(_:console:)).
        .target(
            name: "IAPCatCLI",
            dependencies: [
                "IAPCatalog",
                "IAPCatalogServer",
                "AppStoreConnect",
                "GooglePlay",
                "FieldReports",
                "StoreHTTP",
                "CatalogGenerator",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "iapcat", dependencies: ["IAPCatCLI"]),
        .target(
            name: "IAPCatTestSupport",
            dependencies: ["CTestSettings"],
            path: "Tests/IAPCatTestSupport"
        ),
        // Settings the test process needs before Swift Testing starts (a constructor; see settings.c).
        .target(name: "CTestSettings", path: "Tests/CTestSettings"),
        .testTarget(
            name: "IAPCatalogTests",
            dependencies: ["IAPCatalog", "IAPCatTestSupport"],
            exclude: ["Fixtures"]
        ),
        // A fake App Store Connect on loopback (tests and benchmarks only): a library target, so that
        // the test targets and the benchmark share it; no product exposes it.
        // A loopback HTTP/1.1 server the test fakes run on (tests and benchmarks only).
        .target(
            name: "LoopbackHTTP",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/LoopbackHTTP"
        ),
        .target(
            name: "FakeAppStoreConnect",
            dependencies: [
                "LoopbackHTTP",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/FakeAppStoreConnect",
            // Read from the source tree (OpenAPIDocument), not built in.
            exclude: ["OpenAPI"]
        ),
        .testTarget(
            name: "AppStoreConnectTests",
            dependencies: ["AppStoreConnect", "StoreHTTP", "FakeAppStoreConnect", "IAPCatTestSupport"],
            exclude: ["Fixtures"]
        ),
        // A fake Play Developer API (and Google's token endpoint) on loopback.
        .target(
            name: "FakeGooglePlay",
            dependencies: [
                "LoopbackHTTP",
                // Region → currency (PlayRegions): the one table both sides use.
                "IAPCatalog",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Tests/FakeGooglePlay",
            // Read from the source tree (DiscoveryDocument), not built in.
            exclude: ["Discovery"]
        ),
        // Both fakes as one program, for trying `asc` and `play` without an account (docs/try-locally.md).
        .executableTarget(
            name: "iapcat-fakes",
            dependencies: [
                "FakeAppStoreConnect", "FakeGooglePlay",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            path: "Tests/FakeStores"
        ),
        .testTarget(
            name: "GooglePlayTests",
            dependencies: [
                "GooglePlay", "StoreHTTP", "FakeGooglePlay", "LoopbackHTTP", "IAPCatTestSupport", "IAPCatalog",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),
        .testTarget(
            name: "IAPCatalogServerTests",
            dependencies: [
                "IAPCatalogServer", "FieldReports", "IAPCatTestSupport", .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "CatalogGeneratorTests", dependencies: ["CatalogGenerator"]),
        // The checks every reports database must pass (SQLite in FieldReportsTests, PostgreSQL in EndToEndTests).
        .target(
            name: "ReportStorageChecks",
            dependencies: ["FieldReports", .product(name: "Logging", package: "swift-log")],
            path: "Tests/ReportStorageChecks"
        ),
        .testTarget(
            name: "FieldReportsTests",
            dependencies: [
                "FieldReports", "IAPCatalog", "IAPCatTestSupport", "CZlib", "ReportStorageChecks",
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            exclude: ["Fixtures"]
        ),
        // The app-side client against the real server, in process, and its rules with injected transports.
        .testTarget(
            name: "IAPCatReportingTests",
            dependencies: [
                "IAPCatReporting", "IAPCatalogServer", "FieldReports", "IAPCatalog", "IAPCatTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The in-process tier of the command line: commands run as a library (CommandLineTool.run),
        // each on a console of its own; no test here starts a process (ArchitectureTests).
        .testTarget(
            name: "IAPCatCLITests",
            dependencies: [
                "IAPCatCLI", "IAPCatTestSupport", "FakeAppStoreConnect", "FakeGooglePlay", "FieldReports", "IAPCatalog", "IAPCatalogServer",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures"]
        ),
        // The end-to-end tier: the built binaries and real programs (exit statuses, signals, crash
        // safety, the bad-input corpus, the server on loopback, nginx, Chromium, PostgreSQL, git,
        // the documentation's commands). `swift test --filter EndToEndTests` runs it alone.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "iapcat", "iapcat-fakes", "IAPCatTestSupport", "FakeAppStoreConnect", "FakeGooglePlay", "FieldReports", "IAPCatalog",
                "IAPCatalogServer", "ReportStorageChecks",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ]
)

// Warnings are errors in the project's own Swift targets when IAPCAT_WARNINGS_AS_ERRORS=1 (CI sets it,
// docs/ci.md): the one debug build that `swift test` makes is then also the warnings check.
// Dependencies' warnings are theirs and stay warnings.
if Context.environment["IAPCAT_WARNINGS_AS_ERRORS"] == "1" {
    for target in package.targets where target.type != .system && target.type != .binary {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-warnings-as-errors"])]
        target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-Werror"])]
    }
}

// Fuzzing (Fuzz/run.sh): only with IAPCAT_FUZZ=1, so normal builds and tests never see this target.
// The libFuzzer + AddressSanitizer binary IAPCatalogFuzz instruments IAPCatalog as well, and
// reaches its internals (`@testable import`, hence -enable-testing in release builds).
if Context.environment["IAPCAT_FUZZ"] == "1" {
    let sanitizers = "-sanitize=fuzzer,address"
    for target in package.targets where ["IAPCatalog", "AppStoreConnect", "GooglePlay", "FieldReports"].contains(target.name) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags([sanitizers, "-enable-testing"])]
    }
    package.targets.append(
        .executableTarget(
            name: "IAPCatalogFuzz",
            dependencies: ["IAPCatalog", "AppStoreConnect", "GooglePlay", "FieldReports"],
            path: "Fuzz",
            exclude: ["run.sh", "seeds"],
            swiftSettings: [.unsafeFlags([sanitizers, "-enable-experimental-feature", "Extern"])],
            linkerSettings: [.unsafeFlags([sanitizers])]
        )
    )
}
