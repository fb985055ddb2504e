import FoodDiaryBase
import Foundation
import NIOCore
import NIOPosix

/// Whether another server can be reached, known without spending its allowance: a TCP connection
/// to it (or to the proxy libcurl would go through) within `limit`, asked at most once in
/// `remembered`, and replaced by what any real call learns. Being offline then costs a page nothing.
package actor UpstreamReachability {
    package static let remembered: Duration = .seconds(60)

    let url: URL
    let limit: Duration
    private var known: (answer: Bool, at: ContinuousClock.Instant)?

    package init(url: URL, limit: Duration) {
        self.url = url
        self.limit = limit
    }

    /// Unreachable a moment ago, so a page can say so at once instead of asking.
    package var wasUnreachable: Bool {
        guard let known, ContinuousClock.now - known.at < Self.remembered else { return false }
        return !known.answer
    }

    /// What a real call learned: an answer, or no connection at all.
    package func learned(reachable: Bool) {
        known = (reachable, .now)
    }

    package func isReachable() async -> Bool {
        if let known, ContinuousClock.now - known.at < Self.remembered { return known.answer }
        let hop = Self.firstHop(to: url, environment: ProcessInfo.processInfo.environment)
        let limit = limit
        let answer = await Deadline.run(within: limit) { await Self.connects(host: hop.host, port: hop.port, within: limit) } ?? false
        known = (answer, .now)
        return answer
    }

    /// Where a request to `url` first connects: the server itself, or the proxy that libcurl takes
    /// from `https_proxy`/`http_proxy` (either case), unless `no_proxy` names the host.
    package static func firstHop(to url: URL, environment: [String: String]) -> (host: String, port: Int) {
        let host = url.host ?? "", scheme = url.scheme ?? "https"
        let direct = (host, url.port ?? (scheme == "http" ? 80 : 443))
        let variable = scheme == "http" ? "http_proxy" : "https_proxy"
        guard let proxyText = (environment[variable] ?? environment[variable.uppercased()]).flatMap({ $0.isEmpty ? nil : $0 }),
            let proxy = URL(string: proxyText.contains("://") ? proxyText : "http://" + proxyText), let proxyHost = proxy.host
        else { return direct }
        let exempt = (environment["no_proxy"] ?? environment["NO_PROXY"] ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        let lowered = host.lowercased()
        if exempt.contains(where: {
            $0 == "*" || lowered == $0.trimmingCharacters(in: ["."]) || lowered.hasSuffix("." + $0.trimmingCharacters(in: ["."]))
        }) {
            return direct
        }
        return (proxyHost, proxy.port ?? 1080)
    }

    private static func connects(host: String, port: Int, within limit: Duration) async -> Bool {
        guard !host.isEmpty else { return false }
        do {
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connectTimeout(TimeAmount(limit - .milliseconds(100)))
                .connect(host: host, port: port).get()
            try? await channel.close()
            return true
        } catch {
            return false
        }
    }
}
