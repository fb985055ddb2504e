import FoodDiary
import FoodDiaryBase
import Foundation

/// A phone's largest sending (16 MB of minute-by-minute steps) read as /api/health reads it, by
/// its outline, against the baseline of building the whole document with JSONSerialization first
/// and then reading each reading the same way, as it was read before: time, and how far each
/// raised the process's peak memory.
package enum HealthSendingBenchmark {
    package struct Figures: Sendable {
        package let bytes: Int
        package let readings: Int
        package let outlineMilliseconds: Double
        package let outlinePeakGrowthMB: Double
        /// The outline's part alone: every reading found and built, none read into the diary's kinds.
        package let walkMilliseconds: Double
        package let wholeTreeMilliseconds: Double
        package let wholeTreePeakGrowthMB: Double
    }

    /// `points` step counts a minute apart, as Health Auto Export writes them.
    package static func sending(points: Int) -> [UInt8] {
        var text = #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": ["#
        text.reserveCapacity(points * 64)
        for minute in 0..<points {
            if minute > 0 { text += "," }
            let day = 1 + minute / 1_440 % 8, hour = minute / 60 % 24, clock = minute % 60
            text +=
                #"{"qty": 12, "date": "2026-03-0\#(day) \#(hour < 10 ? "0" : "")\#(hour):\#(clock < 10 ? "0" : "")\#(clock):00 +0000", "source": "Watch"}"#
        }
        return Array((text + "]}]}}").utf8)
    }

    /// The outline first: the peak only grows, so the smaller must be measured before the larger.
    package static func run(points: Int) throws -> Figures {
        let body = sending(points: points)
        let today = LocalDate(parsing: "2026-03-09")!
        var readings = 0
        let before = peakMB()
        let outline = try milliseconds {
            readings = try HealthPayload(json: body, timeZone: .gmt, today: today).samples.count
        }
        let afterOutline = peakMB()
        var built = 0
        let walk = try milliseconds {
            let outline = JSONOutline(body)
            guard let root = try outline.members(of: try outline.root()), let data = try root["data"].flatMap(outline.members(of:)),
                let metrics = data["metrics"]
            else { return }
            try outline.forEachElement(of: metrics) { metric in
                guard let points = try outline.members(of: metric)?["data"] else { return }
                try outline.forEachElement(of: points) { point in if outline.value(point) != nil { built += 1 } }
            }
        }
        precondition(built == readings, "the walk builds every reading")
        var objects = 0
        // As it was read before: the whole document built, then each reading read as now.
        let whole = try milliseconds {
            let tree = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
            let metric = ((tree?["data"] as? [String: Any])?["metrics"] as? [[String: Any]])?.first
            var payload = HealthPayload()
            for case let point as [String: Any] in metric?["data"] as? [Any] ?? [] {
                payload.add(
                    name: "step_count", units: "count", quantity: point["qty"], date: point["date"], source: "Watch", timeZone: .gmt,
                    today: today)
            }
            objects = payload.samples.count
        }
        precondition(objects == readings, "both ways read every reading")
        return Figures(
            bytes: body.count, readings: readings, outlineMilliseconds: outline, outlinePeakGrowthMB: afterOutline - before,
            walkMilliseconds: walk,
            wholeTreeMilliseconds: whole, wholeTreePeakGrowthMB: peakMB() - afterOutline)
    }

    /// The process's peak resident memory so far (Linux's VmHWM), in MB.
    private static func peakMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1_024
    }
}
