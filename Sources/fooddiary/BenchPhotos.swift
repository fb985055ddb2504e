import ArgumentParser
import FoodDiary
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Hummingbird
import Logging

struct BenchPhotos: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-photos",
        abstract: "Time 12 MP thumbnails against a full decode, and ~10 MB uploads end to end through a real server.")

    @Option(help: "How many times to repeat each measurement.")
    var rounds: Int = 5

    @Option(help: "Size of the upload sample, in MB.")
    var uploadMb: Int = 10

    func run() async throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("fooddiary-bench-photos-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        func ms(_ value: Double) -> String { value.formatted(.number.precision(.fractionLength(1))) }

        for quality in [85, 92] {
            let thumbs = try PhotoBenchmark.thumbnails(in: scratch, quality: quality, rounds: rounds)
            print("12 MP JPEG at quality \(quality) (\(thumbs.sourceBytes / 1000) kB), \(rounds) rounds:")
            print("  320 px thumbnail from the original (shrink-on-load)  p50 \(ms(thumbs.thumbnailP50Milliseconds)) ms  max \(ms(thumbs.thumbnailMaxMilliseconds)) ms")
            print("  both stored sizes (1280 px from original, 320 px from 1280)  p50 \(ms(thumbs.derivativesP50Milliseconds)) ms")
            print("  full decode of every pixel (baseline)  p50 \(ms(thumbs.fullDecodeP50Milliseconds)) ms")
            print("  ratio full decode / thumbnail: \(ms(thumbs.fullDecodeP50Milliseconds / thumbs.thumbnailP50Milliseconds))×")
        }

        // Different bytes each round, so every upload is stored anew rather than found already there.
        var samples: [Data] = []
        for index in 0..<rounds {
            let path = scratch + "/upload-\(index).jpg"
            _ = try PhotoBenchmark.writeUploadSample(to: path, targetBytes: uploadMb * 1_000_000)
            samples.append(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        try await timeUploads(samples, dataDirectory: scratch + "/data")
    }

    private func timeUploads(_ samples: [Data], dataDirectory: String) async throws {
        var logger = Logger(label: "bench")
        logger.logLevel = .warning
        let config = AppConfig(host: "127.0.0.1", port: 0, dataDirectory: dataDirectory,
                               maxUploadBytes: 50_000_000)
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        let (portStream, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = try await buildApplication(config: config, logger: logger, onRunning: { port in portContinuation.yield(port) })
        let server = Task { try await app.run() }
        defer { server.cancel() }
        var ports = portStream.makeAsyncIterator()
        guard let port = await ports.next() else { throw CleanExit.message("The server did not start.") }
        let base = "http://127.0.0.1:\(port)"

        let token = String(repeating: "5a", count: 32)
        var timings: [Double] = [], residentGrowth: [Int] = []
        for (index, sample) in samples.enumerated() {
            let boundary = "bench-\(UUID().uuidString)"
            var body = Data()
            for (name, value) in [("_csrf", token), ("eaten_at", "2026-03-09T12:30"), ("utc_offset", "0"), ("notes", "bench \(index)")] {
                body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
            }
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"bench.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8))
            body.append(sample)
            body.append(Data("\r\n--\(boundary)--\r\n".utf8))
            var request = URLRequest(url: URL(string: base + "/meals")!)
            request.httpMethod = "POST"
            request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
            request.setValue("fooddiary_csrf=\(token)", forHTTPHeaderField: "Cookie")
            request.httpBody = body
            let before = PhotoBenchmark.residentBytes()
            PhotoBenchmark.resetPeakResident()
            let start = ContinuousClock.now
            let (_, response) = try await URLSession.shared.data(for: request)
            let elapsed = ContinuousClock.now - start
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            // URLSession follows the 303 to the new meal's page, so success ends in a 200.
            guard status == 200 else { throw CleanExit.message("Upload \(index) answered \(status).") }
            timings.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
            residentGrowth.append(PhotoBenchmark.peakResidentBytes() - before)
        }
        let sizes = samples.map(\.count)
        print("Upload of a 12 MP JPEG (\(sizes.min()! / 1000)–\(sizes.max()! / 1000) kB) to POST /meals on loopback, \(samples.count) rounds:")
        print("  end to end (stream to disk, sniff, decode, 2 thumbnails, commit, redirect)  p50 \(PhotoBenchmark.median(timings).formatted(.number.precision(.fractionLength(0)))) ms  max \(timings.max()!.formatted(.number.precision(.fractionLength(0)))) ms")
        print("  resident memory: \(PhotoBenchmark.residentBytes() / 1_048_576) MiB after the run; peak rise above the resident size at the start of an upload: p50 \(residentGrowth.sorted()[residentGrowth.count / 2] / 1_048_576) MiB, max \(residentGrowth.max()! / 1_048_576) MiB (client and server share the process)")
    }
}
