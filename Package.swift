// swift-tools-version:6.1
import PackageDescription

/// Lister: terminal list browsers whose lists load asynchronously.
///
/// Layers (arrows point to what a target may import):
/// lister -> ListerCommands -> ListerSources -> Lister -> TerminalNcurses -> TerminalCore; TerminalNcurses -> CNcurses.
/// lister-json -> ListerJSON (Foundation, FoundationNetworking, CCurl: libcurl); lister-sqlite -> ListerSqlite (GRDB).
/// Only `TerminalNcurses` imports `CNcurses`. `lister` links neither Foundation (beyond the
/// FoundationEssentials argument-parser needs) nor GRDB: it hands `json` over HTTP and
/// `sqlite` to its sibling executables (docs/DECISIONS.md).
let package = Package(
    name: "Lister",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Lister", targets: ["Lister"]),
        .library(name: "TerminalCore", targets: ["TerminalCore"]),
        .library(name: "TerminalNcurses", targets: ["TerminalNcurses"]),
        .library(name: "ListerTestSupport", targets: ["ListerTestSupport"]),
        .executable(name: "lister", targets: ["lister"]),
        .executable(name: "lister-json", targets: ["lister-json"]),
        .executable(name: "lister-sqlite", targets: ["lister-sqlite"]),
    ],
    // `Command` (on by default): the `lister` command, its siblings and the project's own
    // tests. Everything only they use is behind it, so an app that depends on the library
    // with `traits: []` resolves swift-log alone (docs/DECISIONS.md; `make test-consumer`).
    traits: [
        .trait(
            name: "Command",
            description: "The lister command and its siblings (argument parser, GRDB, swift-subprocess) and the project's tests (FlyingFox)."
        ),
        .default(enabledTraits: ["Command"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The diagnostic log (`lister --log FILE`): the framework logs loads through it.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `lister sqlite`: read-only SQLite (the database opened with `immutable=1`).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `--preview CMD`: the command run through `sh -c` in a process group of its own,
        // killed with its children when the selection moves on. No Foundation (no traits).
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2", traits: []),
        // Test only: the real HTTP server the JSON-over-HTTP tests run on 127.0.0.1.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // `make docs`: the DocC catalog of the framework (Sources/Lister/Lister.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C glue.
        .systemLibrary(
            name: "CNcurses",
            path: "Sources/CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // libcurl's easy interface for `lister json URL` (ListerJSON only).
        .systemLibrary(
            name: "CCurl",
            path: "Sources/CCurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .target(name: "CDisplayWidth", path: "Sources/CDisplayWidth"),
        .target(name: "CSignalSupport", path: "Sources/CSignalSupport"),
        // libdispatch's entry points for serving the main queue from a loop of our own.
        .target(name: "CMainQueue", path: "Sources/CMainQueue", linkerSettings: [.linkedLibrary("dispatch")]),

        // Terminal layers.
        .target(name: "TerminalCore", dependencies: ["CDisplayWidth", "CMainQueue"]),
        .target(name: "TerminalNcurses", dependencies: ["TerminalCore", "CNcurses", "CSignalSupport"]),

        // The framework and its test kit.
        // `ListerApp.run` opens the terminal: the framework re-exports TerminalCore and
        // TerminalNcurses, so one `import Lister` holds a screen and its start.
        .target(
            name: "Lister",
            dependencies: ["TerminalCore", "TerminalNcurses", .product(name: "Logging", package: "swift-log")]
        ),
        .target(name: "ListerTestSupport", dependencies: ["Lister", "TerminalCore"]),

        // Data embedded in the binary, and the sources the command browses.
        .target(
            name: "ListerResources",
            path: "Resources",
            exclude: ["README.md"],
            resources: [.embedInCode("feed.json"), .embedInCode("books.json")]
        ),
        // Foundation-free: the demos, dir, lines, and JSON files (the parser is the project's own).
        .target(
            name: "ListerSources",
            dependencies: [
                // CSignalSupport: the SIGBUS guard of a mapped file (`lister lines FILE`).
                "Lister", "ListerResources", "CSignalSupport", .product(name: "Logging", package: "swift-log"),
                .product(name: "Subprocess", package: "swift-subprocess", condition: .when(traits: ["Command"])),
            ]
        ),
        // JSON over HTTP: libcurl's easy interface on a thread of its own (CCurl), and
        // Foundation (URL, HTTPURLResponse).
        .target(
            name: "ListerJSON",
            dependencies: ["Lister", "ListerSources", "TerminalCore", "CCurl", .product(name: "Logging", package: "swift-log")]
        ),
        // SQLite through GRDB (which brings Foundation).
        .target(
            name: "ListerSqlite",
            dependencies: [
                "Lister", "ListerSources", "TerminalCore", .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Command"])),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The command line (every subcommand's arguments, errors, exit statuses), shared by
        // `lister` and its siblings so that all of them parse and fail alike.
        .target(
            name: "ListerCommands",
            dependencies: [
                "ListerSources", "Lister", "TerminalCore", "TerminalNcurses",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Command"])),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The Swift runtime linked in (release, Linux): the first frame needs a third fewer
        // instructions without 19 shared libraries to load, relocate and look symbols up in
        // (docs/DECISIONS.md, "`lister` links the Swift runtime statically"). The siblings
        // stay dynamic: FoundationNetworking would need libcurl's static development files.
        // Its C++ library too: `link/libstdc++.so` is a linker script that points `-lstdc++`
        // at the static archive, so no shared libstdc++ is loaded and relocated at start;
        // `link/libncursesw.so` does the same for curses and terminfo. Linked by lld with
        // packed relative relocations and no exported symbols: the loader's work at start
        // is a tenth of gold's (docs/DECISIONS.md, "`lister` is linked by lld ...").
        .executableTarget(
            name: "lister",
            dependencies: ["ListerCommands"],
            exclude: ["link"],
            linkerSettings: [
                .unsafeFlags(
                    // FoundationEssentials (the argument parser's) needs its own two libraries,
                    // which `-static-stdlib` does not name; a group resolves them in any order.
                    ["-static-stdlib", "-Xlinker", "--start-group", "-lFoundationEssentials", "-l_FoundationCShims",
                     "-l_FoundationCollections", "-Xlinker", "--end-group",
                     "-L\(Context.packageDirectory)/Sources/lister/link",
                     "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                     "-Xlinker", "--no-export-dynamic"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // Run by `lister` (execv) for `lister json URL` and `lister sqlite`.
        .executableTarget(
            name: "lister-json",
            dependencies: [
                "ListerCommands", "ListerJSON", "ListerSources", "Lister",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Command"])),
            ]
        ),
        .executableTarget(
            name: "lister-sqlite",
            dependencies: [
                "ListerCommands", "ListerSqlite", "Lister",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["Command"])),
            ]
        ),

        // Examples are built by `make test` so they never rot.
        .executableTarget(name: "QuickStart", dependencies: ["Lister"], path: "Examples/QuickStart"),
        .executableTarget(name: "PagedList", dependencies: ["Lister"], path: "Examples/PagedList"),
        .executableTarget(name: "GroupedList", dependencies: ["Lister"], path: "Examples/GroupedList"),
        .executableTarget(name: "Sections", dependencies: ["Lister"], path: "Examples/Sections"),
        .executableTarget(name: "Preview", dependencies: ["Lister"], path: "Examples/Preview"),
        .executableTarget(name: "Live", dependencies: ["Lister"], path: "Examples/Live"),
        .executableTarget(name: "Mixed", dependencies: ["Lister"], path: "Examples/Mixed"),
        .executableTarget(name: "Table", dependencies: ["Lister"], path: "Examples/Table"),
        .executableTarget(name: "Split", dependencies: ["Lister"], path: "Examples/Split"),

        // Benchmarks: `make bench` runs them (release build); `make test` only compiles them.
        .executableTarget(
            name: "ListerBenchmarks",
            dependencies: ["Lister", "ListerSources", "ListerTestSupport", "TerminalCore"],
            path: "Benchmarks/InProcess"
        ),
        .executableTarget(name: "LiveBench", dependencies: ["Lister"], path: "Benchmarks/LiveBench"),

        // Tests.
        .testTarget(name: "TerminalCoreTests", dependencies: ["TerminalCore"]),
        .testTarget(name: "TerminalNcursesTests", dependencies: ["TerminalNcurses", "TerminalCore"]),
        .testTarget(name: "ListerTests", dependencies: ["Lister", "ListerTestSupport", "TerminalCore"]),
        .testTarget(
            name: "ListerSourcesTests",
            dependencies: [
                "ListerSources", "ListerSqlite", "ListerTestSupport", "Lister", "CSignalSupport", .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["Command"])),
            ]
        ),
        // The command line itself: what skips the argument parser parses as it does.
        .testTarget(name: "ListerCommandsTests", dependencies: ["ListerCommands"]),
        // The differential test builds the command's screens in `HeadlessApp` too.
        .testTarget(name: "EndToEndTests", dependencies: ["lister", "lister-json", "lister-sqlite", "QuickStart", "PagedList", "Preview", "Live", "Mixed",
                                                         "Lister", "ListerJSON", "ListerSources", "ListerSqlite", "ListerTestSupport", "TerminalCore"]),
        // `lister json` over HTTP against a real server on 127.0.0.1 (real time, short timeouts).
        .testTarget(
            name: "ListerHTTPTests",
            dependencies: [
                "ListerJSON", "ListerSources", "Lister", .product(name: "FlyingFox", package: "FlyingFox", condition: .when(traits: ["Command"])),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
