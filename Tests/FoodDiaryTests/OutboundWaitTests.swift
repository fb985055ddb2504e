import Foundation
import FoodDiaryWeb
import NIOConcurrencyHelpers
import Testing

/// Issue 59: an exchange with another server waits on a thread of its own, so servers that stall
/// (a CPU-only model, a page that never finishes) delay no one else's request.
@Suite struct OutboundWaitTests {
    @Test func aRefusedExchangeComesBackWhileOthersStall() async throws {
        // Accepted by the kernel and never answered: each exchange waits out its whole timeout.
        let stalling = try ListeningPort()
        let http = OutboundHTTP(timeout: .seconds(10), maxBytes: 1_000)
        let finished = NIOLockedValueBox(0)
        let stalls = (0..<32).map { _ in
            Task {
                _ = try? await http.send(URL(string: "http://127.0.0.1:\(stalling.port)/")!)
                finished.withLockedValue { $0 += 1 }
            }
        }
        try await Task.sleep(for: .seconds(1))
        let closed = try ListeningPort.closed()
        await #expect(throws: OutboundHTTP.Failure.unreachable) { try await http.send(URL(string: "http://127.0.0.1:\(closed)/")!) }
        // Order, not a stopwatch: on a busy machine the refusal may be slow, but never behind them.
        #expect(finished.withLockedValue { $0 } == 0, "the refusal came back while every stalled exchange still waited")
        for stall in stalls { await stall.value }
    }
}
