import FoodDiaryBase
import FoodDiaryStorage
import Foundation
import NIOConcurrencyHelpers

/// The diaries open at the moment: each opened (and migrated) on first use, the least recently
/// used closed once more than `capacity` are open. One `Diary` per file, so its kept reads and
/// write counter are the only ones.
package final class DiaryPool: Sendable {
    private struct State {
        var diaries: [Int64: Diary] = [:]
        var opening: [Int64: Task<Diary, any Error>] = [:]
        var lastUsed: [Int64: UInt64] = [:]
        var tick: UInt64 = 0
    }

    let files: DiaryFiles
    let capacity: Int
    let maxPhotoPixels: Int
    private let state = NIOLockedValueBox(State())

    package init(files: DiaryFiles, capacity: Int = 64, maxPhotoPixels: Int) {
        self.files = files
        self.capacity = capacity
        self.maxPhotoPixels = maxPhotoPixels
    }

    /// A diary not open yet is opened (and migrated) on a thread of its own, once: requests for
    /// it meanwhile wait for that opening, since two migrating one new file at once collide.
    func diary(_ id: Int64) async throws -> Diary {
        switch lookUp(id) {
        case .open(let diary): return diary
        case .opening(let opening): return try await opening.value
        }
    }

    private enum LookUp {
        case open(Diary)
        case opening(Task<Diary, any Error>)
    }

    private func lookUp(_ id: Int64) -> LookUp {
        state.withLockedValue { state in
            state.tick += 1
            state.lastUsed[id] = state.tick
            if let diary = state.diaries[id] { return .open(diary) }
            if let opening = state.opening[id] { return .opening(opening) }
            let opening = Task { try await self.open(id) }
            state.opening[id] = opening
            return .opening(opening)
        }
    }

    private func open(_ id: Int64) async throws -> Diary {
        let (files, maxPhotoPixels) = (files, maxPhotoPixels)
        do {
            let diary = try await offTheCooperativePool { try files.open(id, maxPhotoPixels: maxPhotoPixels) }
            keep(diary, as: id)
            return diary
        } catch {
            state.withLockedValue { $0.opening[id] = nil }
            throw error
        }
    }

    /// Unless the diary was removed while it opened: its waiters then finish on the unlinked files.
    private func keep(_ diary: Diary, as id: Int64) {
        state.withLockedValue { state in
            guard state.opening.removeValue(forKey: id) != nil else { return }
            state.diaries[id] = diary
            if state.diaries.count > capacity,
                let oldest = state.lastUsed.filter({ state.diaries[$0.key] != nil }).min(by: { $0.value < $1.value })?.key
            {
                // Requests still holding it finish with it; the file closes when the last lets go.
                state.diaries[oldest] = nil
                state.lastUsed[oldest] = nil
            }
        }
    }

    var openDiaries: [Diary] { state.withLockedValue { Array($0.diaries.values) } }

    /// Forgets a deleted diary and removes its folder; a request still holding it finishes on the
    /// unlinked files.
    func remove(_ id: Int64) async throws {
        state.withLockedValue { state in
            state.diaries[id] = nil
            state.opening[id] = nil
            state.lastUsed[id] = nil
        }
        let files = files
        try await offTheCooperativePool { try files.discard(id) }
    }
}

/// Where diaries live: `<data-dir>/diaries/<id>/diary.sqlite` with `photos/` beside it.
package struct DiaryFiles: Sendable {
    let directory: String

    package init(directory: String) { self.directory = directory }

    package func folder(_ id: Int64) -> String { directory + "/\(id)" }
    package func databasePath(_ id: Int64) -> String { folder(id) + "/diary.sqlite" }
    func photosDirectory(_ id: Int64) -> String { folder(id) + "/photos" }

    package func open(_ id: Int64, maxPhotoPixels: Int) throws -> Diary {
        Diary(
            id: id, database: try AppDatabase.open(path: databasePath(id)), photosDirectory: photosDirectory(id),
            maxPhotoPixels: maxPhotoPixels)
    }

    /// The ids of the diaries on disk.
    /// A diary's folder goes in one rename, so a backup or a listing sees all of it or none, then
    /// its files are deleted; a crash between the two leaves a folder `removeDiscarded` clears.
    func discard(_ id: Int64) throws {
        guard FileManager.default.fileExists(atPath: folder(id)) else { return }
        let discarded = directory + "/.discarded-\(id)-\(UUID().uuidString)"
        try DurableFile.rename(folder(id), to: discarded)
        try FileManager.default.removeItem(atPath: discarded)
    }

    /// What a crash in the middle of `discard` left; run at start-up.
    package func removeDiscarded() {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name.hasPrefix(".discarded-") {
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
    }

    package func existing() -> [Int64] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).compactMap(Int64.init)
            .filter { FileManager.default.fileExists(atPath: databasePath($0)) }.sorted()
    }

    /// Moves the diary an earlier version kept at `<data-dir>/diary.sqlite` (and its photos) into
    /// diary `id`'s folder. Its log is checkpointed into the file first, so the one file carries
    /// every meal; each step is a rename, and a start interrupted half-way finishes the move.
    package func adoptLegacyDiary(at legacyPath: String, photos legacyPhotos: String, as id: Int64) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder(id), withIntermediateDirectories: true)
        if manager.fileExists(atPath: legacyPath) {
            guard !manager.fileExists(atPath: databasePath(id)) else {
                throw POSIXFailure(operation: tr("move \(legacyPath): \(databasePath(id)) exists already"), code: EEXIST)
            }
            try AppDatabase.checkpointAndClose(path: legacyPath)
            try DurableFile.rename(legacyPath, to: databasePath(id))
            for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: legacyPath + suffix) { unlink(legacyPath + suffix) }
        }
        if manager.fileExists(atPath: legacyPhotos), !manager.fileExists(atPath: photosDirectory(id)) {
            try DurableFile.rename(legacyPhotos, to: photosDirectory(id))
        }
    }
}
