import FoodDiaryBase
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOConcurrencyHelpers
import Testing
@testable import FoodDiary
@testable import FoodDiaryApp
import FoodDiaryWeb

/// How a stuck server is noticed and stopped: the health check, systemd's notifications (against
/// a stand-in NOTIFY_SOCKET), and searches beyond the limit refused at once.
@Suite struct LivenessTests {
    @Test func theHealthCheckReadsEveryDatabase() async throws {
        try await TestEnvironment.withApp { client, _ in
            let response = try await client.get("/healthz", session: nil)
            #expect(response.status == .ok)
            #expect(response.text == "ok\n")
            #expect(response.headers[.cacheControl] == "no-store")
        }
    }

    @Test func systemdHearsReadyThenAlivePingsThenStopping() async throws {
        let socket = try NotifySocketStandIn()
        try await TestEnvironment.withRunningApp(
            testing: .live,
            configure: {
                $0.systemd = SystemdNotifier.Settings(socketPath: socket.path, watchdog: .milliseconds(300))
            }
        ) { client, _, _, _ in
            // Read off the cooperative threads: the server under test runs on them. Three messages
            // come within a second; 30 s is the limit a server that stopped pinging fails at.
            let first = try await offTheCooperativePool { socket.receive(count: 3, within: 30) }
            let delay = first.count == 3 ? "" : await SchedulingDelay.sample()
            #expect(first.first == "READY=1", "READY=1 comes first, once the server listens: \(first) \(delay)")
            #expect(first.dropFirst().allSatisfy { $0 == "WATCHDOG=1" } && first.count == 3, "then the pings: \(first) \(delay)")
            #expect(try await client.get("/healthz", session: nil).status == .ok)
        }
        // Everything still queued: under load the pings sent while the test ran outnumber any fixed count.
        #expect(try await offTheCooperativePool { socket.receive(count: .max, within: 2) }.last == "STOPPING=1")
    }

    @Test func systemdSettingsComeFromItsEnvironment() {
        let settings = SystemdNotifier.Settings(environment: [
            "NOTIFY_SOCKET": "@/org/freedesktop/systemd1/notify", "WATCHDOG_USEC": "30000000"
        ])
        #expect(settings?.socketPath == "@/org/freedesktop/systemd1/notify")
        #expect(settings?.watchdog == .seconds(30))
        #expect(
            SystemdNotifier.Settings(environment: ["NOTIFY_SOCKET": "/run/x", "WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"])?.watchdog
                == nil,
            "pings meant for another process are not sent")
        #expect(SystemdNotifier.Settings(environment: ["WATCHDOG_USEC": "30000000"]) == nil, "no socket, no systemd")
    }

    @Test func aSearchBeyondTheLimitIsRefusedAtOnceAndTriedAgainByThePage() async throws {
        let limit = InFlightLimit(limit: 1)
        let holding = AsyncStream.makeStream(of: Void.self)
        let started = AsyncStream.makeStream(of: Void.self)
        let first = Task {
            try await limit.run {
                started.continuation.yield()
                for await _ in holding.stream { break }
            }
        }
        for await _ in started.stream { break }
        await #expect(throws: Overloaded.self) { try await limit.run {} }
        holding.continuation.yield()
        try await first.value
        try await limit.run {}
        let problem = Problem(Overloaded())
        #expect(problem.status == .serviceUnavailable)
        #expect(problem.extraHeaders[.retryAfter] == "1" && problem.extraHeaders[HTTPField.Name("Refresh")!] == "1")
    }
}

/// A Unix datagram socket where systemd's would be, read by the test.
final class NotifySocketStandIn: Sendable {
    let path: String
    private let descriptor: Int32

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString.prefix(8))").path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0 else { throw POSIXError(.EADDRINUSE) }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// Up to `count` messages, waiting at most `seconds` in all.
    func receive(count: Int, within seconds: TimeInterval) -> [String] {
        var messages: [String] = []
        let until = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while messages.count < count, until.timeIntervalSinceNow > 0 {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(until.timeIntervalSinceNow * 1000) + 1) > 0 else { continue }
            let length = recv(descriptor, &buffer, buffer.count, 0)
            if length > 0 { messages.append(String(decoding: buffer[0..<length], as: UTF8.self)) }
        }
        return messages
    }
}
