import FoodDiaryBase
import FoodDiaryWeb
import Foundation
import Hummingbird

/// `POST /api/health`: what a phone's health app sends by itself, with a personal access token.
struct HealthAPIController: Sendable {
    let diaries: DiaryAccess
    let timeZone: TimeZone
    let now: @Sendable () -> Date

    /// A week of minute-by-minute steps, energy and workouts from Health Auto Export is about 4 MB;
    /// a longer backfill is sent in parts (its "batch requests").
    static let maxBodyBytes = 16 << 20
    /// One sending at a time from each person (their phone sends again by itself after a 503 and
    /// Retry-After), and a few overall: each holds its body and the readings read from it (tens of
    /// MB for the largest), never another person's turn. The server's own, not the process's:
    /// tests run several servers at once.
    let inFlight = KeyedInFlightLimit<Int64>(perKey: 1, overall: 6)

    func addRoutes(to routes: Routes) {
        routes.post("/api/health", use: receive)
    }

    struct Answer: Encodable {
        let added: HealthOutcome
        /// Metrics the diary does not keep, with how many readings of each were sent.
        let leftOut: [String: Int]
        let refused: [String]
        let refusedCount: Int
    }

    @Sendable func receive(_ request: Request, context: AppRequestContext) async throws -> Response {
        do {
            return try await inFlight.run(for: try context.person().account.id) { try await keep(request, context: context) }
        } catch let overloaded as Overloaded {
            // The phone is still sending its body, and a client that writes it all before reading
            // (most do) would stall on a connection nobody reads: it is read away, kept nowhere,
            // so the phone hears the 503 and sends again later.
            var read = 0
            for try await chunk in request.body {
                read += chunk.readableBytes
                if read > Self.maxBodyBytes { break }
            }
            throw overloaded
        }
    }

    /// `?diary=N`, one of the person's own, so a phone's readings go to the same diary whichever
    /// the person has open in a browser; without it, the open one.
    private func target(_ request: Request, _ context: AppRequestContext) async throws -> Diary {
        guard let text = try request.formQuery()["diary"] else { return try context.diary() }
        guard let id = Int64(text), let diary = try await diaries.ownDiary(id, of: try context.person().account) else {
            throw HTTPError(
                .notFound,
                message: "No diary of yours has the number “\(text.prefix(20))”: use the number in its Open address on the Diaries page.")
        }
        return diary
    }

    private func keep(_ request: Request, context: AppRequestContext) async throws -> Response {
        let diary = try await target(request, context)
        var request = request
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: Self.maxBodyBytes)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw HTTPError(
                .contentTooLarge,
                message: "Send at most \(Self.maxBodyBytes >> 20) MB at once: turn on batch requests in Health Auto Export.")
        }
        let today = LocalDateTime(now(), in: timeZone).date
        let payload: HealthPayload
        do {
            payload = try await offTheCooperativePool { [timeZone] in
                try HealthPayload(json: Array(body.readableBytesView), timeZone: timeZone, today: today)
            }
        } catch let refusal as HealthPayload.NotAPayload {
            throw HTTPError(.badRequest, message: refusal.message)
        }
        let outcome = try await diary.database.importHealth(payload, now: now())
        return try jsonResponse(
            Answer(added: outcome, leftOut: payload.leftOut, refused: payload.refused, refusedCount: payload.refusedCount))
    }
}
