import Foundation

/// One archive in an `ArchiveFolder`.
package struct ArchiveFile: Sendable, Equatable {
    package let name: String
    package let madeAt: Date
    package let bytes: Int64
}

/// A folder FoodDiary writes archives into: backups, or a diary's exports. Only names `isOurs`
/// accepts are listed, served or pruned: anything else a person keeps there is left alone.
package struct ArchiveFolder: Sendable {
    package let directory: String
    package let isOurs: @Sendable (String) -> Bool

    package init(directory: String, isOurs: @escaping @Sendable (String) -> Bool) {
        self.directory = directory
        self.isOurs = isOurs
    }

    /// `<kind>-20261124-071500.zip`, the time in UTC: names sort by time.
    package static func name(_ kind: String, at date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return "\(kind)-\(formatter.string(from: date)).zip"
    }

    /// Whether `name` is one `name(kind, at:)` gives, and so safe to serve or prune.
    package static func isName(_ name: String, _ kind: String) -> Bool {
        name.hasPrefix(kind + "-") && name.hasSuffix(".zip") && name.utf8.count == kind.utf8.count + 20
            && name.dropFirst(kind.count + 1).dropLast(4).allSatisfy { $0.isASCII && ($0.isNumber || $0 == "-") }
    }

    /// Oldest first.
    package func archives() -> [ArchiveFile] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter(isOurs).sorted().compactMap { name in
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: directory + "/" + name),
                let madeAt = attributes[.modificationDate] as? Date
            else { return nil }
            return ArchiveFile(name: name, madeAt: madeAt, bytes: (attributes[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }

    /// The archive's path, or nil for a name that is not one of ours or not there.
    package func path(of name: String) -> String? {
        guard isOurs(name), FileManager.default.fileExists(atPath: directory + "/" + name) else { return nil }
        return directory + "/" + name
    }

    /// Removes all but the newest `keep`.
    package func prune(keeping keep: Int) throws {
        for old in archives().dropLast(keep) { try FileManager.default.removeItem(atPath: directory + "/" + old.name) }
    }
}
