import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import ServiceLifecycle

/// A local server on a free loopback port, for a stand-in speaking a remote protocol the tests
/// cannot reach: started with its router, stopped on purpose.
final class StandInServer: Sendable {
    private let task = NIOLockedValueBox<Task<Void, any Error>?>(nil)
    private let boundPort = NIOLockedValueBox(0)
    var port: Int { boundPort.withLockedValue { $0 } }

    func start(_ router: Router<BasicRequestContext>, label: String) async throws {
        let running = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: label)
        // Stopping it on purpose mid-test makes the server log its cut-off connections as errors.
        logger.logLevel = .critical
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { running.continuation.yield($0.localAddress?.port ?? 0) }, logger: logger)
        task.withLockedValue { $0 = Task { try await app.runService(gracefulShutdownSignals: []) } }
        for await bound in running.stream {
            boundPort.withLockedValue { $0 = bound }
            break
        }
    }

    /// Stops listening: from now on a connection to it is refused, as with no network.
    func stop() async {
        let running = task.withLockedValue { $0 }
        running?.cancel()
        _ = await running?.result
    }
}
