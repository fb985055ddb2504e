import FoodDiaryBase
import FoodDiaryWeb
import Foundation

/// Fetches a page someone gave the address of, so it cannot be turned against the home: http and
/// https only, never an address inside the network (as typed, as its name resolves, or after a
/// redirect, each hop checked as libcurl connects) unless the owner allows it, and at most 5 MB
/// in 10 s, counted while it arrives.
struct RecipePageFetcher: Sendable {
    static let maxBytes = 5_000_000
    static let timeout: Duration = .seconds(10)
    /// Pages fetched at once, for everyone: no crowd of imports turns the server into a fetcher of
    /// other sites. More are refused at once (503, try again in a second).
    static let inFlightLimit = 4

    let allowsHomeNetwork: Bool
    let inFlight: InFlightLimit
    let timeout: Duration

    /// `timeout`: longer only for a test about something else that runs on a loaded machine.
    init(allowsHomeNetwork: Bool, inFlight: InFlightLimit = InFlightLimit(limit: inFlightLimit), timeout: Duration = Self.timeout) {
        self.allowsHomeNetwork = allowsHomeNetwork
        self.inFlight = inFlight
        self.timeout = timeout
    }

    /// Why a page could not be fetched, for the person who gave its address.
    struct Problem: Error, Equatable {
        let message: String
        /// The address was the problem (422), or the other server was (502).
        let isTheirs: Bool
    }

    /// The address as typed, made absolute: "example.com/soup" is https://example.com/soup.
    static func address(_ typed: String) -> URL? {
        let text = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty, text.count <= 2_048 else { return nil }
        let withScheme = text.contains("://") ? text : "https://" + text
        guard let url = URL(string: withScheme), OutboundHTTP.isWebAddress(url) else { return nil }
        return url
    }

    /// Throws `Overloaded` while `inFlight` pages are being fetched.
    func fetch(_ address: URL) async throws -> Result<Data, Problem> {
        let host = address.host ?? ""
        if !allowsHomeNetwork, OutboundHTTP.isInsideTheNetwork(host) { return .failure(Self.homeNetwork(host)) }
        return try await inFlight.run { await send(address, host: host) }
    }

    private func send(_ address: URL, host: String) async -> Result<Data, Problem> {
        let http = OutboundHTTP(
            timeout: timeout, maxBytes: Self.maxBytes, redirects: .anyWebAddress, refusesInsideNetwork: !allowsHomeNetwork)
        do {
            let response = try await http.send(
                address,
                headers: [
                    ("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5"),
                    ("User-Agent", "FoodDiary recipe import")
                ])
            guard (200..<300).contains(response.status) else {
                return .failure(
                    Problem(
                        message: tr("\(host) answered \(response.status) for that page, so there was no recipe to read."), isTheirs: true))
            }
            return .success(response.body)
        } catch .insideNetwork {
            return .failure(Self.homeNetwork(host))
        } catch .tooLarge {
            return .failure(
                Problem(
                    message: tr(
                        "That page is larger than 5 MB, more than any recipe page. Save it from the browser and upload it instead."),
                    isTheirs: true))
        } catch .timedOut {
            return .failure(
                Problem(
                    message:
                        tr(
                            "\(host) took longer than \(timeout.components.seconds) seconds to send the page. Try again, or paste the page instead."
                        ),
                    isTheirs: true))
        } catch .redirected {
            return .failure(
                Problem(message: tr("\(host) sent the page on to an address that is not a web page, or on too many times."), isTheirs: true)
            )
        } catch {
            return .failure(
                Problem(message: tr("\(host) could not be reached. Check the address, or paste the page instead."), isTheirs: true))
        }
    }

    private static func homeNetwork(_ host: String) -> Problem {
        Problem(
            message: "\(host) is on your home network (or this machine), and FoodDiary fetches recipes only from public addresses. "
                + tr("The owner can allow the home network with --recipes-from-home-network; or paste the page instead."), isTheirs: false)
    }
}
