import Foundation

/// One archive in the backup folder.
struct BackupArchiveFile: Sendable, Equatable {
    let name: String
    let madeAt: Date
    let bytes: Int64
}

/// The folder the schedule and the owner's page write to. Only names `BackupMaker` gives are
/// listed, served or pruned: anything else a person keeps there is left alone.
struct BackupFolder: Sendable {
    let directory: String

    /// Oldest first.
    func archives() -> [BackupArchiveFile] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter(BackupMaker.isArchiveName).sorted().compactMap { name in
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: directory + "/" + name),
                  let madeAt = attributes[.modificationDate] as? Date else { return nil }
            return BackupArchiveFile(name: name, madeAt: madeAt, bytes: (attributes[.size] as? NSNumber)?.int64Value ?? 0)
        }
    }

    /// The archive's path, or nil for a name that is not one of ours or not there.
    func path(of name: String) -> String? {
        guard BackupMaker.isArchiveName(name), FileManager.default.fileExists(atPath: directory + "/" + name) else { return nil }
        return directory + "/" + name
    }

    /// Removes all but the newest `keep`.
    func prune(keeping keep: Int) throws {
        for old in archives().dropLast(keep) { try FileManager.default.removeItem(atPath: directory + "/" + old.name) }
    }
}
