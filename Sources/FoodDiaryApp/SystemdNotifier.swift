import Foundation
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// Speaks systemd's notification protocol (sd_notify) when the unit runs us as `Type=notify`:
/// `READY=1` once the server listens, then `WATCHDOG=1` every half `WatchdogSec=` while the
/// health check passes. A server whose threads are stuck sends nothing, and systemd restarts it.
public struct SystemdNotifier: Service {
    /// What systemd hands the service in its environment.
    public struct Settings: Sendable {
        /// `NOTIFY_SOCKET`: a Unix datagram socket's path, or `@name` in the abstract namespace.
        public var socketPath: String
        /// `WATCHDOG_USEC`: how long systemd waits for a ping; nil without a watchdog.
        public var watchdog: Duration?

        public init(socketPath: String, watchdog: Duration?) {
            self.socketPath = socketPath
            self.watchdog = watchdog
        }

        /// nil when not started by systemd with `Type=notify`.
        public init?(environment: [String: String]) {
            guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty else { return nil }
            // WATCHDOG_PID, when set, names the process the pings must come from.
            let forUs = environment["WATCHDOG_PID"].flatMap(Int32.init).map { $0 == getpid() } ?? true
            let watchdog = environment["WATCHDOG_USEC"].flatMap(Int64.init).flatMap { $0 > 0 && forUs ? Duration.microseconds($0) : nil }
            self.init(socketPath: path, watchdog: watchdog)
        }
    }

    let settings: Settings
    let health: HealthCheck
    let logger: Logger
    /// Pings before `READY=1` would tell systemd nothing.
    private let isReady = NIOLockedValueBox(false)

    init(settings: Settings, health: HealthCheck, logger: Logger) {
        (self.settings, self.health, self.logger) = (settings, health, logger)
    }

    func ready() {
        isReady.withLockedValue { $0 = true }
        send("READY=1")
    }

    public func run() async throws {
        guard let watchdog = settings.watchdog else {
            try? await gracefulShutdown()
            send("STOPPING=1")
            return
        }
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                if !isReady.withLockedValue({ $0 }) {
                    // Not listening yet.
                } else if let problem = await health.problem() {
                    logger.error("Not telling systemd this server is alive: \(problem)")
                } else {
                    send("WATCHDOG=1")
                }
                try? await Task.sleep(for: watchdog / 2)
            }
        }
        send("STOPPING=1")
    }

    /// One datagram, never waiting: a full or missing socket only loses this one message.
    func send(_ message: String) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var path = Array(settings.socketPath.utf8)
        if path.first == UInt8(ascii: "@") { path[0] = 0 }
        guard path.count < MemoryLayout.size(ofValue: address.sun_path) else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count)
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                message.withCString { sendto(descriptor, $0, strlen($0), Int32(MSG_DONTWAIT | MSG_NOSIGNAL), address, length) }
            }
        }
    }
}
