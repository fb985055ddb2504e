import FoodDiaryBase
import Foundation
import NIOConcurrencyHelpers

/// Apple Health exports read and imported away from the requests that ask: a real export is
/// gigabytes, seconds to a minute of work, so its page shows the progress and looks again. One
/// export at a time, on a queue of its own (each keeps a core and the disk busy). A restart loses
/// only the progress: the upload waits on disk, and an import run again adds only what is missing.
/// A job is known by its upload's path, which is the diary's own.
final class HealthExportJobs: Sendable {
    enum Stage: Sendable, Equatable {
        /// Queued; `behindAnother` when another export was being read or imported then.
        case waiting(importing: Bool, behindAnother: Bool)
        case reading(Double)
        /// What the export holds, by kind and days: the preview.
        case read(HealthExportSummary)
        case importing(Double)
        case imported(HealthExportSummary)
        case failed(String)
    }

    private let queue = DispatchQueue(label: "fooddiary.apple-health-exports", qos: .utility)
    private let stages = NIOLockedValueBox([String: Stage]())

    func stage(of upload: String) -> Stage? { stages.withLockedValue { $0[upload] } }

    /// Starts reading the export unless that is under way or done.
    func read(_ upload: String, with importer: HealthExportImporter) {
        _ = start(upload, importing: false, when: { $0 == nil }) { progress in
            .read(try importer.contents(zipAt: upload) { progress(.reading($0)) })
        }
    }

    /// Starts keeping the export once it was read (or before, after a restart forgot it); false
    /// while it is being read or kept.
    @discardableResult
    func keep(_ upload: String, with importer: HealthExportImporter) -> Bool {
        start(
            upload, importing: true,
            when: { stage in
                switch stage {
                case nil, .read?, .failed?: true
                default: false
                }
            }
        ) { progress in
            .imported(try importer.keep(zipAt: upload) { progress(.importing($0)) })
        }
    }

    /// Done with: the person saw the outcome, or cancelled. A job still running finishes (what it
    /// wrote stays) but is no longer shown.
    func forget(_ upload: String) {
        _ = stages.withLockedValue { $0.removeValue(forKey: upload) }
    }

    private func start(
        _ upload: String, importing: Bool, when allowed: (Stage?) -> Bool,
        work: @escaping @Sendable (_ progress: (Stage) -> Void) throws -> Stage
    ) -> Bool {
        let begun = stages.withLockedValue { stages in
            // Jobs whose upload is gone (swept, or the diary removed) are never looked at again.
            stages = stages.filter { FileManager.default.fileExists(atPath: $0.key) }
            guard allowed(stages[upload]) else { return false }
            let busy = stages.values.contains { stage in
                switch stage {
                case .waiting, .reading, .importing: true
                default: false
                }
            }
            stages[upload] = .waiting(importing: importing, behindAnother: busy)
            return true
        }
        guard begun else { return false }
        queue.async { [stages] in
            // A stage is only ever replaced, never brought back after `forget`.
            func show(_ stage: Stage) { stages.withLockedValue { if $0[upload] != nil { $0[upload] = stage } } }
            do {
                show(try work(show))
            } catch let refusal as HealthExportRefusal {
                show(.failed(refusal.description))
            } catch {
                // A library's own words ("ZIPFoundation.Archive.ArchiveError error 1") tell a person
                // nothing: the page says what to do instead.
                show(
                    .failed(
                        importing
                            ? tr(
                                "The import stopped part-way: the file is damaged or cut short. What it had written is kept; export it again and import that to add the rest."
                            )
                            : tr("The file could not be read: it is damaged or cut short, or not a ZIP. Export it again and upload that.")))
            }
        }
        return true
    }
}
