// swift-tools-version:6.1
// An app that depends on Lister the way the README says, built by `make test-consumer`
// (Examples/LibraryConsumer/check-consumer.sh) next to a link `../Lister` to this checkout:
// it must resolve swift-log and nothing else of Lister's dependencies, and build. Its apps are
// the README's paged list and the DocC getting-started article's program, as a reader copies them.
import PackageDescription

let package = Package(
    name: "Bookshelf",
    dependencies: [
        .package(path: "../Lister", traits: []),
    ],
    targets: [
        .executableTarget(name: "Bookshelf", dependencies: [.product(name: "Lister", package: "Lister")]),
        // The getting-started article's program, paged (GettingStartedTests keeps it so).
        .executableTarget(name: "Planets", dependencies: [.product(name: "Lister", package: "Lister")]),
    ]
)
