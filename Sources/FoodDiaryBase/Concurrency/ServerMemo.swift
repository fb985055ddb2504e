import Synchronization

/// What a pure function answered, kept once for the whole server, for work that many requests
/// ask of the same few thousand inputs (a portion label, a food's name). At most `most` answers
/// are kept; past that it starts again.
package final class ServerMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let answers = Mutex([Key: Value]())
    private let most: Int

    package init(most: Int) {
        self.most = most
    }

    package func value(_ key: Key, _ work: () -> Value) -> Value {
        if let known = answers.withLock({ $0[key] }) { return known }
        let value = work()
        answers.withLock { answers in
            if answers.count >= most { answers.removeAll() }
            answers[key] = value
        }
        return value
    }
}
