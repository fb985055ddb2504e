/// One holder at a time for each key, the others served in turn; different keys never wait for
/// each other.
package actor KeyedLock {
    private var queues: [String: [CheckedContinuation<Void, Never>]] = [:]

    package init() {}

    package nonisolated func withLock<T>(_ key: String, _ body: () async throws -> T) async throws -> T {
        await acquire(key)
        do {
            let value = try await body()
            await release(key)
            return value
        } catch {
            await release(key)
            throw error
        }
    }

    /// Holds every key in `keys` at once. They are taken in sorted order, so two holders of several
    /// keys can never each wait for the other.
    package nonisolated func withLocks<T>(_ keys: some Collection<String>, _ body: () async throws -> T) async throws -> T {
        let ordered = Set(keys).sorted()
        for key in ordered { await acquire(key) }
        do {
            let value = try await body()
            for key in ordered { await release(key) }
            return value
        } catch {
            for key in ordered { await release(key) }
            throw error
        }
    }

    private func acquire(_ key: String) async {
        guard queues[key] != nil else {
            queues[key] = []
            return
        }
        await withCheckedContinuation { queues[key]!.append($0) }
    }

    private func release(_ key: String) {
        guard var waiting = queues[key], !waiting.isEmpty else {
            queues[key] = nil
            return
        }
        let next = waiting.removeFirst()
        queues[key] = waiting
        next.resume()
    }
}
