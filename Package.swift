// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FoodDiary",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "fooddiary", targets: ["fooddiary"]),
        .library(name: "FoodDiary", targets: ["FoodDiary"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
    ],
    targets: [
        .executableTarget(
            name: "fooddiary",
            dependencies: [
                "FoodDiary",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "FoodDiary",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(
            name: "FoodDiaryTests",
            dependencies: [
                "FoodDiary",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ]
)
