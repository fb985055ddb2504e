import Foundation
import NIOConcurrencyHelpers

/// `fooddiary serve --port 0` in a child process, for checks a frozen server must not take down
/// with it: the test keeps its own threads and can always stop the server.
final class ServerProcess: Sendable {
    static var binary: String {
        ProcessInfo.processInfo.environment["FOODDIARY_BINARY"]
            ?? TestEnvironment.packageRoot.appendingPathComponent(".build/debug/fooddiary").path
    }

    private let process: ChildProcess
    private let output = NIOLockedValueBox("")
    let port: Int

    /// Starts the server and waits (at most 60 s) for it to say where it listens.
    init(arguments: [String], environment: [String: String] = [:]) throws {
        let pipe = Pipe()
        let process = try ChildProcess(
            Self.binary,
            [
                "serve", "--host", "127.0.0.1", "--port", "0",
                "--templates", TestEnvironment.packageRoot.appendingPathComponent("Templates").path,
                "--public-dir", TestEnvironment.packageRoot.appendingPathComponent("Public").path
            ] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            output: pipe.fileHandleForWriting.fileDescriptor)
        try pipe.fileHandleForWriting.close()
        self.process = process
        let output = self.output
        Thread.detachNewThread {
            while case let data = pipe.fileHandleForReading.availableData, !data.isEmpty {
                output.withLockedValue { $0 += String(decoding: data, as: UTF8.self) }
            }
        }
        let until = Date().addingTimeInterval(60)
        var found: Int?
        while found == nil, Date() < until, process.isRunning {
            found = output.withLockedValue { $0.firstMatch(of: /ready at http:\/\/127\.0\.0\.1:(\d+)/).flatMap { Int($0.1) } }
            if found == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        guard let found else {
            process.signal(SIGKILL)
            process.wait()
            throw ServerDidNotStart(log: output.withLockedValue { $0 })
        }
        port = found
    }

    var log: String { output.withLockedValue { $0 } }
    var isRunning: Bool { process.isRunning }

    /// SIGTERM, then the seconds until the process was gone (nil if it outlived `limit`, when it is killed).
    func stop(within limit: TimeInterval) -> TimeInterval? {
        let start = Date()
        process.signal(SIGTERM)
        while process.isRunning, Date().timeIntervalSince(start) < limit { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else {
            process.signal(SIGKILL)
            process.wait()
            return nil
        }
        return Date().timeIntervalSince(start)
    }

    struct ServerDidNotStart: Error, CustomStringConvertible {
        let log: String
        var description: String { "fooddiary serve did not start:\n\(log.suffix(2000))" }
    }
}
