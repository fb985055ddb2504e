import NIOConcurrencyHelpers

/// One kind of read a feature keeps per diary until the diary's next write: what it is keyed by
/// (today's date, a page number) and what it holds. The feature that reads it declares it, so the
/// diary that keeps it knows no feature.
package protocol DiaryReadKind {
    associatedtype Key: Hashable & Sendable
    associatedtype Value: Sendable
}

/// A diary's kept reads, one `DiaryReadCache` per kind, made the first time its kind is asked for.
package final class DiaryReadCaches: Sendable {
    private let caches = NIOLockedValueBox<[ObjectIdentifier: any Sendable]>([:])

    package init() {}

    package subscript<Kind: DiaryReadKind>(_ kind: Kind.Type) -> DiaryReadCache<Kind.Key, Kind.Value> {
        caches.withLockedValue { caches in
            if let cache = caches[ObjectIdentifier(kind)] as? DiaryReadCache<Kind.Key, Kind.Value> { return cache }
            let cache = DiaryReadCache<Kind.Key, Kind.Value>()
            caches[ObjectIdentifier(kind)] = cache
            return cache
        }
    }
}
