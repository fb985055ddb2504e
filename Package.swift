// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FoodDiary",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "fooddiary", targets: ["fooddiary"]),
        .library(name: "FoodDiary", targets: ["FoodDiaryApp"])
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/vapor/multipart-kit.git", from: "4.7.1"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk.git", from: "0.12.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
        // Hummingbird's request and response types, which the web floor and its tests name.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0")
    ],
    targets: [
        .executableTarget(
            name: "fooddiary",
            dependencies: [
                "FoodDiaryCatalog",
                "FoodDiaryBase",
                "FoodDiaryStorage",
                "FoodDiaryWeb",
                "FoodDiary",
                "FoodDiaryApp",
                "FoodDiaryTools",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log")
            ]
        ),
        // The demo diary and the benchmarks: the CLI runs them, the server never does.
        .target(
            name: "FoodDiaryTools",
            dependencies: [
                "FoodDiaryCatalog",
                "FoodDiaryPhotos",
                "FoodDiaryWeb",
                "FoodDiaryStorage",
                "FoodDiaryBase",
                "FoodDiary",
                "FoodDiaryApp",
                .product(name: "GRDB", package: "GRDB.swift")
            ]
        ),
        // The base floor: time, text, nutrition arithmetic, files, hashing and blocking work. It
        // knows no feature and no database; every floor above may use it (docs/ARCHITECTURE.md,
        // scripts/check-layers.sh).
        .target(
            name: "FoodDiaryBase",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")],
            resources: [
                .embedInCode("Nutrition/ReferenceIntakes.tsv"), .embedInCode("Nutrition/CustomaryServings.tsv"),
                .embedInCode("Activity/Activities.tsv")
            ]
        ),
        .target(
            name: "FoodDiaryStorage",
            dependencies: [
                "FoodDiaryBase",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio")
            ]
        ),
        .target(
            name: "FoodDiaryWeb",
            dependencies: [
                "FoodDiaryBase",
                "FoodDiaryStorage",
                "CHTTPShim",
                "CHTMLShim",
                "CQRencode",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras")
            ]
        ),
        // Photos: the store of originals and derivatives, what is admitted, the image library.
        // Below the features, knowing no page; the pages that serve and take photos are features.
        .target(
            name: "FoodDiaryPhotos",
            dependencies: [
                "FoodDiaryBase",
                "FoodDiaryStorage",
                .product(name: "GRDB", package: "GRDB.swift"),
                "CMagic",
                "CPhotoShim"
            ]
        ),
        // The catalog engine: the USDA and FoodData Central files imported, the in-memory index, ranking,
        // search and a food's amounts. Below the features, knowing no page; the food pages are features.
        .target(
            name: "FoodDiaryCatalog",
            dependencies: [
                "FoodDiaryBase",
                "FoodDiaryStorage",
                "CSearchRank",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "CSV", package: "CSV.swift")
            ],
            // Compiled into the binary: no bundle to install beside it.
            resources: [
                .embedInCode("Search/EverydayNames.tsv"), .embedInCode("Search/EverydayNames.de.tsv"),
                .embedInCode("Search/EverydayNames.es.tsv")
            ]
        ),
        // The features: each area's pages, reads and views (docs/ARCHITECTURE.md).
        .target(
            name: "FoodDiary",
            dependencies: [
                "FoodDiaryCatalog",
                "FoodDiaryPhotos",
                "FoodDiaryWeb",
                "FoodDiaryStorage",
                "FoodDiaryBase",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                // RSA for passkeys signed with RS256 (Windows Hello); swift-crypto's own module.
                .product(name: "CryptoExtras", package: "swift-crypto"),
                // The household provider's ID tokens: their signatures checked against its JWKS.
                .product(name: "JWTKit", package: "jwt-kit"),
                // The assistant's endpoint (/mcp): the Model Context Protocol's own Swift SDK.
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                .product(name: "CSV", package: "CSV.swift"),
                "CPDFShim"
            ],
            resources: [
                .embedInCode("Portability/ForeignHeaders.tsv"), .embedInCode("Plans/KitchenUnits.tsv"),
                .embedInCode("Plans/ShoppingAisles.tsv")
            ]
        ),
        // The app: its configuration, start-up, the server and its services, wiring the features.
        .target(
            name: "FoodDiaryApp",
            dependencies: [
                "FoodDiaryCatalog",
                "FoodDiary",
                "FoodDiaryPhotos",
                "FoodDiaryWeb",
                "FoodDiaryStorage",
                "FoodDiaryBase",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl")
            ]
        ),
        // libmagic decides what an upload is from its bytes.
        .systemLibrary(name: "CMagic", path: "Sources/CMagic", providers: [.apt(["libmagic-dev"])]),
        // A second step's QR code for an authenticator app.
        .systemLibrary(name: "CQRencode", path: "Sources/CQRencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CVips", path: "Sources/CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        .systemLibrary(name: "CZBar", path: "Sources/CZBar", pkgConfig: "zbar", providers: [.apt(["libzbar-dev"])]),
        .systemLibrary(name: "CExif", path: "Sources/CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CXML2", path: "Sources/CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // A web page's JSON-LD, title and image, read with libxml2's HTML parser.
        .target(name: "CHTMLShim", dependencies: ["CXML2"], path: "Sources/CHTMLShim"),
        // libcurl's options are variadic too; this makes one bounded exchange of it.
        .target(name: "CHTTPShim", dependencies: ["CCurl"], path: "Sources/CHTTPShim"),
        // libvips' API is variadic, which Swift cannot call: this wraps the few calls we make.
        // zlib measures what a PNG's compressed metadata unpacks to before libpng does.
        // ZBar reads a product's barcode from a photo's pixels.
        .target(
            name: "CPhotoShim", dependencies: ["CVips", "CExif", "CZBar"], path: "Sources/CPhotoShim", linkerSettings: [.linkedLibrary("z")]
        ),
        // A report's PDF: cairo draws it, pango lays out its text (fonts embedded).
        .systemLibrary(
            name: "CPango", path: "Sources/CPango", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .target(name: "CPDFShim", dependencies: ["CPango"], path: "Sources/CPDFShim"),
        // FTS5's extension API is C function pointers: bm25 with the phrases' frequencies given.
        .target(name: "CSearchRank", path: "Sources/CSearchRank", linkerSettings: [.linkedLibrary("sqlite3")]),
        .testTarget(
            name: "FoodDiaryTests",
            dependencies: [
                "FoodDiaryCatalog",
                "FoodDiaryPhotos",
                "FoodDiaryWeb",
                "FoodDiaryStorage",
                "FoodDiaryBase",
                "FoodDiary",
                "FoodDiaryApp",
                "FoodDiaryTools",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // The reference the app's own template renderer is checked against.
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                // Checks a push's VAPID token as a push service would.
                .product(name: "JWTKit", package: "jwt-kit"),
                // The official MCP client, which the assistant tests talk to /mcp with.
                .product(name: "MCP", package: "swift-sdk"),
                // Builds damaged and foreign archives for the restore tests.
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                // The stand-in servers and raw checks the tests make of their own.
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "CSV", package: "CSV.swift"),
                "CHTTPShim"
            ]
        )
    ]
)
