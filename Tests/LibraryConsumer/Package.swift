// swift-tools-version:6.1
// An app that depends on Lister the way the README says, built by `make test-consumer`
// (Tests/LibraryConsumer/check-consumer.sh) next to a link `../Lister` to this checkout:
// it must resolve swift-log and nothing else of Lister's dependencies, and build. Its app is
// the README's paged list, as a reader copies it.
import PackageDescription

let package = Package(
    name: "Bookshelf",
    dependencies: [
        .package(path: "../Lister", traits: []),
    ],
    targets: [
        .executableTarget(name: "Bookshelf", dependencies: [.product(name: "Lister", package: "Lister")]),
    ]
)
