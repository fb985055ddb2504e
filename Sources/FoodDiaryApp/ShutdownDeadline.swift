import Foundation

/// Ends the process `limit` after the first SIGTERM or SIGINT, whatever still runs: a graceful
/// stop waits for requests in flight, and one stuck for good would otherwise keep a service
/// manager (or a person at Ctrl-C) waiting forever. Watched from a Dispatch queue of its own, so
/// it fires even when every thread that serves requests is stuck.
public enum ShutdownDeadline {
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []
    private static let queue = DispatchQueue(label: "fooddiary.shutdown-deadline")

    /// Call once, before serving.
    public static func arm(after limit: Duration) {
        let seconds = Double(limit.components.seconds) + Double(limit.components.attoseconds) / 1e18
        sources = [SIGTERM, SIGINT].map { signal in
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler {
                queue.asyncAfter(deadline: .now() + seconds) {
                    let message = "FoodDiary: still stopping \(Int(seconds)) s after being asked to; exiting now.\n"
                    FileHandle.standardError.write(Data(message.utf8))
                    _exit(EXIT_FAILURE)
                }
            }
            source.resume()
            return source
        }
    }
}
