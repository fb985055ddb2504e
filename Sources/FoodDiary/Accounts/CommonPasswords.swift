/// Passwords of ten characters or more that top the published lists of leaked passwords, plus
/// this app's own name: the first ones anyone guessing would try. Compared lowercased.
enum CommonPasswords {
    static let all: Set<String> = [
        "0000000000", "00000000000", "0123456789", "0987654321", "1029384756", "1111111111", "1122334455",
        "11223344556", "1231231231", "123123123123", "1234512345", "1234554321", "1234567890", "1234567890a",
        "12345678910", "123456789a", "1234qwerty", "123qweasdzxc", "1q2w3e4r5t", "1q2w3e4r5t6y", "1qaz2wsx3e",
        "1qaz2wsx3edc", "1qazxsw23edc", "2222222222", "3333333333", "4444444444", "5555555555", "6666666666",
        "7777777777", "8888888888", "9876543210", "9999999999", "a123456789", "aaaaaaaaaa", "abc1234567",
        "abcabcabcabc", "abcd123456", "abcdefghij", "admin12345", "admin123456", "administrator",
        "arsenal1234", "asdf1234asdf", "asdfghjkl1", "asdfghjkl;", "autumn2025", "autumn2026", "baseball12",
        "baseball123", "basketball", "butterfly12", "changeme123", "chelsea1234", "chocolate1", "computer12",
        "dragon12345", "fooddiary1", "fooddiary12", "fooddiary123", "foodiary123", "football12",
        "football123", "homeserver1", "iloveyou12", "iloveyou123", "january2026", "jennifer12", "letmein123",
        "liverpool1", "london1234", "loveyou1234", "manchester1", "master12345", "michael123", "monkey12345",
        "myfooddiary", "newyork123", "p@ssw0rd123", "p@ssword123", "passw0rd123", "password!!", "password12",
        "password123", "password1234", "password2024", "password2025", "password2026", "passwordpassword",
        "princess12", "q1w2e3r4t5", "q1w2e3r4t5y6", "qazwsxedc1", "qazwsxedcrfv", "qweasdzxc123",
        "qwer1234qwer", "qwerty1234", "qwerty12345", "qwerty123456", "qwertyuiop", "qwertyuiop1",
        "qwertyuiop123", "raspberry1", "raspberrypi", "soccer1234", "spring2025", "spring2026", "starwars12",
        "summer2024", "summer2025", "summer2026", "sunshine12", "superman12", "trustno1234", "welcome123",
        "welcome1234", "welcome2025", "welcome2026", "whatever12", "winter2024", "winter2025", "winter2026",
        "zaq12wsxcde", "zaq1xsw2cde3", "zxcvbnm123"
    ]
}
