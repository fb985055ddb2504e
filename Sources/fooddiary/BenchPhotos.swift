import ArgumentParser
import FoodDiary
import FoodDiaryTools
import FoodDiaryWeb
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
            print(
                "  320 px thumbnail from the original (shrink-on-load)  p50 \(ms(thumbs.thumbnailP50Milliseconds)) ms  max \(ms(thumbs.thumbnailMaxMilliseconds)) ms"
            )
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

    /// Runs `fooddiary serve` as a child process, so its memory is measured alone, and uploads to it:
    /// first one at a time, then `concurrent` at once.
    private func timeUploads(_ samples: [Data], dataDirectory: String) async throws {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        // Uploads come from a script with an access token, as a phone's shortcut would send them.
        let accounts = try AccountsDatabase.open(path: dataDirectory + "/accounts.sqlite")
        _ = try await UserAdministration.add(
            name: "bench", password: "sardines on toast 1234", owner: true, accounts: accounts, now: Date())
        guard let owner = try await accounts.account(named: "bench") else { throw CleanExit.message("The bench's account was not made.") }
        let token = try await accounts.createToken(accountID: owner.id, name: "bench-photos", now: Date()).text
        let server = Process()
        server.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        server.arguments = [
            "serve", "--host", "127.0.0.1", "--port", "0", "--data-dir", dataDirectory,
            "--sr28-dir", dataDirectory + "/no-catalog", "--max-upload-mb", "50"
        ]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = output
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        guard let port = try await readyPort(output.fileHandleForReading) else { throw CleanExit.message("The server did not start.") }
        let base = "http://127.0.0.1:\(port)"

        var timings: [Double] = []
        for (index, sample) in samples.enumerated() {
            timings.append(try await upload(sample, to: base, token: token, note: "one at a time \(index)"))
        }
        let sizes = samples.map(\.count)
        print(
            "Upload of a 12 MP JPEG (\(sizes.min()! / 1000)–\(sizes.max()! / 1000) kB) to POST /meals on loopback, one at a time, \(samples.count) rounds:"
        )
        print(
            "  end to end (stream to disk, sniff, decode, 2 sizes, commit, redirect)  p50 \(Int(PhotoBenchmark.median(timings))) ms  max \(Int(timings.max()!)) ms"
        )

        // Fresh bytes for the concurrent run: the same photo again would be found already stored.
        var concurrentSamples: [Data] = []
        for index in 0..<concurrent {
            let path = dataDirectory + "/concurrent-\(index).jpg"
            _ = try PhotoBenchmark.writeUploadSample(to: path, targetBytes: uploadMb * 1_000_000)
            concurrentSamples.append(try Data(contentsOf: URL(fileURLWithPath: path)))
            try FileManager.default.removeItem(atPath: path)
        }
        let started = ContinuousClock.now
        let concurrentTimings = try await withThrowingTaskGroup(of: Double.self) { group in
            for (index, sample) in concurrentSamples.enumerated() {
                group.addTask { try await upload(sample, to: base, token: token, note: "concurrent \(index)") }
            }
            return try await group.reduce(into: [Double]()) { $0.append($1) }
        }
        let wall = ContinuousClock.now - started
        let status = (try? String(contentsOfFile: "/proc/\(server.processIdentifier)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(name) } ?? ""
            return (Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0) / 1024
        }
        print(
            "\(concurrent) uploads of ~\(uploadMb) MB at once: all done in \(wall); each p50 \(Int(PhotoBenchmark.median(concurrentTimings))) ms, max \(Int(concurrentTimings.max()!)) ms"
        )
        print("  server process (alone): peak resident \(field("VmHWM:")) MiB over its whole life, \(field("VmRSS:")) MiB now")
    }

    @Option(help: "How many uploads to send at once for the memory measurement.")
    var concurrent: Int = 8

    /// Reads the child's log until it says where it listens.
    private func readyPort(_ handle: FileHandle) async throws -> Int? {
        try await Task.detached {
            var text = ""
            while text.count < 100_000 {
                let data = handle.availableData
                if data.isEmpty { return nil }
                text += String(decoding: data, as: UTF8.self)
                if let match = text.firstMatch(of: /ready at http:\/\/127\.0\.0\.1:([0-9]+)/) { return Int(match.1) }
            }
            return nil
        }.value
    }

    private func upload(_ sample: Data, to base: String, token: String, note: String) async throws -> Double {
        let boundary = "bench-\(UUID().uuidString)"
        var body = Data()
        for (name, value) in [("eaten_at", "2026-03-09T12:30"), ("utc_offset", "0"), ("notes", note)] {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        body.append(
            Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"bench.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n"
                    .utf8))
        body.append(sample)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        var request = URLRequest(url: URL(string: base + "/meals")!)
        request.httpMethod = "POST"
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = body
        request.timeoutInterval = 120
        let start = ContinuousClock.now
        let (_, response) = try await URLSession.shared.data(for: request)
        let elapsed = ContinuousClock.now - start
        // URLSession follows the 303 to the new meal's page, so success ends in a 200 there; a refusal
        // that redirects (to sign-in, say) ends elsewhere, and counted as an upload before.
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200, response.url?.path.hasPrefix("/meals/") == true else {
            throw CleanExit.message("Upload \(note) answered \(status) at \(response.url?.path ?? "?").")
        }
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }
}
