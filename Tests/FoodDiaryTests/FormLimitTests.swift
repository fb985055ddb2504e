import Foundation
import HummingbirdTesting
import Testing
@testable import FoodDiary

/// Issue 59: one answer for a text field too long, wherever the form's token comes: 413 and why,
/// never a 403 that blames the token.
@Suite struct FormLimitTests {
    @Test(arguments: [100_000, 120_000, 200_000])
    func aTextFieldTooLongIsRefusedAsTooLongWhereverTheTokenIs(bytes: Int) async throws {
        try await TestEnvironment.withRunningApp(testing: .live) { client, _, _, _ in
            let notes = String(repeating: "n", count: bytes)
            let tokenFirst = try await client.postMultipart("/meals", fields: [("eaten_at", "2026-03-09T12:30"), ("notes", notes)])
            let tokenLast = try await client.postMultipart(
                "/meals", fields: [("eaten_at", "2026-03-09T12:30"), ("notes", notes), ("_csrf", testToken)], token: nil)
            for response in [tokenFirst, tokenLast] {
                #expect(response.status == .contentTooLarge && response.text.contains("longer than 64 KB"), "\(bytes): \(response.status)")
            }
        }
    }
}
