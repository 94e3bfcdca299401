// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "per",
    products: [
        .executable(name: "per", targets: ["per"]),
        .library(name: "PerKit", targets: ["PerKit"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/attaswift/BigInt", from: "6.0.0"),
    ],
    targets: [
        // Debian's libcsv-dev: csv.h and libcsv.so; it ships no pkg-config file.
        .systemLibrary(
            name: "CLibCSV",
            providers: [.apt(["libcsv-dev"])]
        ),
        .target(
            name: "PerKit",
            dependencies: [
                "CLibCSV",
                .product(name: "BigInt", package: "BigInt"),
            ],
            exclude: ["README.md"],
            swiftSettings: [
                // The ingest and writers touch class state per field; the dynamic exclusivity
                // checks cost more than the work itself there. Debug builds (tests) keep them.
                .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release)),
            ]
        ),
        .executableTarget(
            name: "per",
            dependencies: [
                "PerKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "PerKitTests",
            dependencies: ["PerKit", "CLibCSV"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["per", "PerKit"]
        ),
    ]
)
