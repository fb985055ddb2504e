import Foundation

/// How many test apps run at once. Swift Testing starts every test of the run together; with each
/// app's start-up, requests and stand-ins sharing two cores, a test's own clock read minutes and
/// its waits ran out. Tests wait here, suspended and costing nothing, until an app may start.
///
/// `FOODDIARY_TEST_APPS` overrides the size (one per core plus one by default). A test that already
/// holds a place (an app started inside another's test) does not wait for a second.
actor HeavyWork {
    static let shared = HeavyWork(
        places: ProcessInfo.processInfo.environment["FOODDIARY_TEST_APPS"].flatMap(Int.init)
            ?? ProcessInfo.processInfo.activeProcessorCount + 1)

    @TaskLocal private static var holdsAPlace = false

    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(places: Int) { free = max(1, places) }

    static func run<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        guard !holdsAPlace else { return try await body() }
        await shared.enter()
        do {
            let value = try await $holdsAPlace.withValue(true) { try await body() }
            await shared.leave()
            return value
        } catch {
            await shared.leave()
            throw error
        }
    }

    private func enter() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// A waiting test takes the place over directly, first come first served.
    private func leave() {
        if waiting.isEmpty {
            free += 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}
