import Crypto
import FoodDiaryBase
@testable import FoodDiaryCatalog
import Foundation
import GRDB
import Logging
import NIOConcurrencyHelpers
@testable import FoodDiary
@testable import FoodDiaryApp

/// The catalog and the place names a test app starts with, imported once in a run for each set of
/// files the tests give it and copied into each app's data directory after that. Hundreds of apps
/// importing the same four foods at their start kept the two cores busy while timing tests waited.
enum ImportedOnce {
    /// Puts the catalog the app would import from its SR28 and FoodData Central files at its
    /// catalog path, unless a catalog is there already (a test may bring its own).
    static func placeCatalog(for config: AppConfig) async throws {
        guard let sr28 = config.sr28Directory, !FileManager.default.fileExists(atPath: config.catalogPath) else { return }
        let files =
            try files(in: sr28, ending: ".txt")
            + (config.fdcDirectory.map { try Self.files(in: $0, named: FoodDataCentralFile.generic.fileName) } ?? [])
        let template = try await catalogs.template(for: files) { path in
            let catalog = try CatalogDatabase.open(path: path)
            try CatalogImporter(directory: sr28, fdcDirectory: config.fdcDirectory, logger: quiet).importInto(catalog)
            return catalog.writer
        }
        try await copy(template, to: config.catalogPath)
    }

    /// Puts the place names the app would import from its GeoNames file at its GeoNames path.
    static func placePlaceNames(for config: AppConfig) async throws {
        guard let directory = config.geonamesDirectory, !FileManager.default.fileExists(atPath: config.geonamesPath) else { return }
        let template = try await placeNames.template(for: try files(in: directory, named: "rg_cities1000.csv")) { path in
            let geonames = try GeoNamesDatabase.open(path: path)
            try importGeoNamesIfMissing(geonames, directory: directory, logger: quiet)
            return geonames.writer
        }
        try await copy(template, to: config.geonamesPath)
    }

    private static let catalogs = Templates(name: "catalog")
    private static let placeNames = Templates(name: "geonames")

    private static var quiet: Logger {
        var logger = Logger(label: "tests")
        logger.logLevel = .error
        return logger
    }

    /// One database file for each distinct set of input files, made by the first test that asks.
    private final class Templates: Sendable {
        let name: String
        private let made = NIOLockedValueBox<[String: Task<String, any Error>]>([:])

        init(name: String) { self.name = name }

        /// `make` imports into a new database at the path it is given and returns its writer, from
        /// which the template is vacuumed into a single file.
        func template(
            for files: [(name: String, data: Data)],
            make: @escaping @Sendable (String) throws -> any DatabaseWriter
        ) async throws -> String {
            var digest = SHA256()
            for file in files {
                digest.update(data: Data(file.name.utf8))
                digest.update(data: file.data)
            }
            let key = digest.finalize().map { String(format: "%02x", $0) }.joined()
            let name = self.name
            let task = made.withLockedValue { made in
                if let task = made[key] { return task }
                let task = Task<String, any Error> {
                    try await offTheCooperativePool {
                        let directory = try TemporaryDirectory.forTheRun()
                        let writer = try make(directory.path + "/\(name).sqlite")
                        let template = directory.path + "/\(name)-template.sqlite"
                        try writer.vacuum(into: template)
                        return template
                    }
                }
                made[key] = task
                return task
            }
            return try await task.value
        }
    }

    private static func files(in directory: String, ending suffix: String) throws -> [(name: String, data: Data)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(suffix) }.sorted()
        return try names.flatMap { try files(in: directory, named: $0) }
    }

    private static func files(in directory: String, named name: String) throws -> [(name: String, data: Data)] {
        let path = directory + "/" + name
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        return [(name, try Data(contentsOf: URL(fileURLWithPath: path)))]
    }

    private static func copy(_ template: String, to path: String) async throws {
        try await offTheCooperativePool {
            // A test may move the data directory somewhere the app would make at its start.
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: template, toPath: path)
        }
    }
}
