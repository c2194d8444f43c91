package server

import (
	_ "embed"
	"strings"
)

//go:embed common-passwords.txt
var commonPasswordsText string

// commonWords are the base words of the commonest passwords
// (common-passwords.txt).
var commonWords = func() map[string]bool {
	m := map[string]bool{}
	for _, line := range strings.Split(commonPasswordsText, "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		for _, w := range strings.Fields(line) {
			m[w] = true
		}
	}
	return m
}()

// runs are sequences whose stretches people type as passwords.
var runs = []string{"0123456789", "abcdefghijklmnopqrstuvwxyz", "qwertyuiop", "asdfghjkl", "zxcvbnm",
	"1qaz2wsx3edc4rfv5tgb", "qazwsxedcrfvtgb", "1q2w3e4r5t6y7u8i9o0p"}

// core is p in lower case without the digits and symbols at its ends:
// "Dragon2024!" is "dragon".
func core(p string) string {
	p = strings.ToLower(p)
	notLetter := func(r rune) bool { return r < 'a' || r > 'z' }
	return strings.TrimFunc(p, notLetter)
}

// weakPassword says why a password is refused for the account name, or
// "" when it is acceptable: the commonest passwords (a word of the list
// with digits or symbols around it, a character or short block repeated,
// a run of the keyboard or the alphabet) and the name itself are refused.
func weakPassword(name, p string) string {
	lp := strings.ToLower(p)
	if lp == strings.ToLower(name) || (core(p) != "" && core(p) == core(name)) {
		return "a password must not be the account's name"
	}
	if commonWords[core(p)] || commonWords[lp] {
		return "this password is among the commonest; choose another"
	}
	if repeated(lp) {
		return "a password must not be one character or a short block repeated"
	}
	for _, r := range runs {
		if strings.Contains(r, lp) || strings.Contains(reverse(r), lp) {
			return "a password must not be a run of the keyboard or the alphabet"
		}
	}
	if core(p) == "" && allDigits(lp) && len(lp) <= 10 {
		return "a password of digits alone is among the commonest (a date, a number); choose another"
	}
	return ""
}

// repeated reports whether s is a block of at most four characters
// repeated ("aaaaaaaa", "12121212", "abcabcabc").
func repeated(s string) bool {
	for n := 1; n <= 4 && 2*n <= len(s); n++ {
		if len(s)%n == 0 && strings.Repeat(s[:n], len(s)/n) == s {
			return true
		}
	}
	return false
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}
