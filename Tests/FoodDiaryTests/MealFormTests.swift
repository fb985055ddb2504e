import FoodDiaryBase
import Foundation
import Testing
@testable import FoodDiary

@Suite struct MealFormTests {
    let utc = TimeZone(identifier: "UTC")!

    @Test func validFormBecomesInput() throws {
        let form = MealForm(eatenAt: "2026-03-09T12:30", utcOffset: "-300", notes: "Soup")
        let input = try form.validate(defaultTimeZone: utc).get()
        #expect(input == MealInput(eatenAt: LocalDateTime(parsing: "2026-03-09T12:30")!, utcOffsetMinutes: -300, notes: "Soup"))
    }

    @Test func missingOffsetFallsBackToTheServerZoneAtThatTime() throws {
        let paris = try #require(TimeZone(identifier: "Europe/Paris"))
        let summer = try MealForm(eatenAt: "2026-07-01T12:30", utcOffset: "").validate(defaultTimeZone: paris).get()
        let winter = try MealForm(eatenAt: "2026-01-01T12:30", utcOffset: "").validate(defaultTimeZone: paris).get()
        #expect(summer.utcOffsetMinutes == 120)
        #expect(winter.utcOffsetMinutes == 60)
    }

    @Test func missingDateIsExplained() {
        guard case .failure(let errors) = MealForm(eatenAt: "  ", notes: "x").validate(defaultTimeZone: utc) else {
            Issue.record("an empty date was accepted")
            return
        }
        #expect(errors.eatenAt?.contains("Enter when you ate") == true)
        #expect(errors.notes == nil)
    }

    @Test func unparseableDateQuotesWhatWasTyped() {
        guard case .failure(let errors) = MealForm(eatenAt: "next tuesday").validate(defaultTimeZone: utc) else {
            Issue.record("garbage was accepted as a date")
            return
        }
        #expect(errors.eatenAt?.contains("“next tuesday” is not a date and time") == true)
    }

    @Test(arguments: ["abc", "900", "-841", "1.5"])
    func badOffsetsAreRefused(offset: String) {
        guard case .failure(let errors) = MealForm(eatenAt: "2026-03-09T12:30", utcOffset: offset).validate(defaultTimeZone: utc) else {
            Issue.record("offset \(offset) was accepted")
            return
        }
        #expect(errors.utcOffset != nil)
    }

    @Test func notesMayBeExactlyTenThousandCharactersButNoMore() {
        let atLimit = MealForm(eatenAt: "2026-03-09T12:30", notes: String(repeating: "é", count: 10_000))
        let overLimit = MealForm(eatenAt: "2026-03-09T12:30", notes: String(repeating: "a", count: 10_001))
        #expect((try? atLimit.validate(defaultTimeZone: utc).get()) != nil)
        guard case .failure(let errors) = overLimit.validate(defaultTimeZone: utc) else {
            Issue.record("10,001 characters were accepted")
            return
        }
        #expect(errors.notes?.contains("10,001") == true)
    }
}
