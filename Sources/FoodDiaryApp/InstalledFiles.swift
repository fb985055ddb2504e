import Foundation

/// Where the files FoodDiary needs beside its binary are: templates, language catalogues, static
/// files, and the USDA and GeoNames data the catalog and place names are built from on first start.
/// A checkout keeps them in its working tree (`Templates/`, `Languages/`, `Public/`, `.cache/sr28`,
/// `.cache/fdc`, `.cache/geonames`); an installation (`scripts/install.sh`) in
/// `<prefix>/share/fooddiary/` (`Templates/`, `Languages/`, `Public/`, `sr28/`, `fdc/`, `geonames/`)
/// beside `<prefix>/bin/fooddiary`, so `serve` works from any directory.
public struct InstalledFiles: Sendable, Equatable {
    public let templates: String
    public let languages: String
    public let publicFiles: String
    public let sr28: String
    public let fdc: String
    public let geonames: String

    /// The files of a checkout whose working tree is `directory`.
    public static func checkout(_ directory: String) -> InstalledFiles {
        InstalledFiles(
            templates: directory + "/Templates", languages: directory + "/Languages", publicFiles: directory + "/Public",
            sr28: directory + "/.cache/sr28", fdc: directory + "/.cache/fdc", geonames: directory + "/.cache/geonames")
    }

    /// The files installed in `directory` (`<prefix>/share/fooddiary`).
    public static func installed(_ directory: String) -> InstalledFiles {
        InstalledFiles(
            templates: directory + "/Templates", languages: directory + "/Languages", publicFiles: directory + "/Public",
            sr28: directory + "/sr28", fdc: directory + "/fdc", geonames: directory + "/geonames")
    }

    /// `shareDirectory` when given; else the working directory when it is a checkout; else the
    /// installation beside the binary. Nil when none holds templates, with the places looked in.
    public static func locate(shareDirectory: String?, workingDirectory: String, executable: String) -> Result<InstalledFiles, NotFound> {
        let besideBinary = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("share/fooddiary").path
        let candidates = shareDirectory.map { [installed($0)] } ?? [checkout(workingDirectory), installed(besideBinary)]
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.templates + "/layout.mustache") }) {
            return .success(found)
        }
        return .failure(NotFound(lookedIn: candidates.map(\.templates)))
    }

    public struct NotFound: Error, CustomStringConvertible {
        public let lookedIn: [String]
        public var description: String {
            "FoodDiary's templates were not found (looked in \(lookedIn.joined(separator: " and "))). Start it in its repository, "
                + "install it with scripts/install.sh, or pass --share-dir (env FOODDIARY_SHARE_DIR) naming the folder that holds Templates/ and Public/."
        }
    }

    /// This process's binary, found through /proc where there is one, so a `fooddiary` found on PATH
    /// still knows where it was installed.
    public static var runningExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? Bundle.main.executablePath
            ?? CommandLine.arguments[0]
    }
}
