import Foundation

/// Room left on the disk holding the data directory, checked at start so a person hears of a
/// nearly full disk before a save is refused for it.
package enum DiskSpace {
    package static let lowWaterMark: UInt64 = 200_000_000

    package static func freeBytes(at path: String) -> UInt64? {
        var stats = statvfs()
        guard statvfs(path, &stats) == 0 else { return nil }
        return UInt64(stats.f_bavail) * UInt64(stats.f_frsize)
    }

    /// The start-up warning, or nil while there is room.
    package static func warning(for directory: String, below threshold: UInt64 = lowWaterMark) -> String? {
        guard let free = freeBytes(at: directory), free < threshold else { return nil }
        return "Only \(free / 1_000_000) MB free on the disk holding \(directory). When it is full, new meals, foods and photos "
            + "cannot be saved (each attempt says so and nothing saved before is touched) until space is freed."
    }
}
