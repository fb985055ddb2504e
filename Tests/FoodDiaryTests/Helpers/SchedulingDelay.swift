import Foundation

/// How late this process's threads wake right now: said beside a timing test's failure, so a wait
/// that ran out on a starved machine is told apart from a server that really hung.
enum SchedulingDelay {
    /// The overshoot of a 10 ms sleep on Swift's cooperative threads (where the in-process servers
    /// run) and of a 10 ms Dispatch timer (where blocking test code runs).
    static func sample() async -> String {
        let asked = Duration.milliseconds(10)
        let start = ContinuousClock.now
        try? await Task.sleep(for: asked)
        let cooperative = ContinuousClock.now - start - asked
        let dispatchStart = ContinuousClock.now
        await withCheckedContinuation { continuation in
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(10)) { continuation.resume() }
        }
        let dispatch = ContinuousClock.now - dispatchStart - asked
        return "scheduling delay now: cooperative threads \(milliseconds(cooperative)), Dispatch \(milliseconds(dispatch)); "
            + "load average \(loadAverage) on \(ProcessInfo.processInfo.activeProcessorCount) cores"
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.0f ms", Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15)
    }

    private static var loadAverage: String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown"
    }
}
