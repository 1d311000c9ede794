// swift-tools-version: 6.0
import PackageDescription

// Every Swift target gets the same settings (swift-log's habit): Swift 6 language mode with
// complete strict concurrency comes from the tools version; warnings are made errors on the
// command line in CI (`-Xswiftc -warnings-as-errors`), never with unsafeFlags here, so the
// package stays usable as a dependency.
let package = Package(
    name: "EventBus",
    // Synchronization's Atomic and Mutex need these OS versions on Apple platforms.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "EventBus", targets: ["EventBus"]),
        .library(name: "EventBusTesting", targets: ["EventBusTesting"]),
        .executable(name: "eventdemo", targets: ["eventdemo"]),
        .executable(name: "eventbench", targets: ["eventbench"]),
    ],
    targets: [
        .target(name: "EventBus"),
        .target(name: "EventBusTesting", dependencies: ["EventBus"]),

        .target(
            name: "CNcurses",
            cSettings: [.define("_XOPEN_SOURCE_EXTENDED"), .define("NCURSES_WIDECHAR", to: "1")],
            linkerSettings: [.linkedLibrary("ncursesw")]
        ),
        .target(name: "TerminalUI"),
        .target(name: "EventDemo", dependencies: ["EventBus", "TerminalUI"]),
        .executableTarget(
            name: "eventdemo",
            dependencies: ["EventDemo", "TerminalUI", "CNcurses", "EventBus"]
        ),

        .target(name: "CMallocCounter"),
        .executableTarget(name: "eventbench", dependencies: ["EventBus", "CMallocCounter"]),

        .testTarget(name: "EventBusTests", dependencies: ["EventBus", "EventBusTesting"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
        .testTarget(
            name: "EventDemoTests",
            dependencies: ["EventDemo", "TerminalUI", "EventBus", "EventBusTesting"],
            exclude: ["Golden"]  // Golden screens are read by path (#filePath), not bundled.
        ),
    ]
)
