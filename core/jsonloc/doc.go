// Package jsonloc places encoding/json's decoding errors in the text a person wrote.
//
// encoding/json reports a byte offset (or nothing at all, for an unknown field) and a message about
// Go values; a user who typed a cluster file or a parameter box needs the line and column, the
// field, and the problem. Every parser of user-written JSON that reports through Locate says it the
// same way, and one that decodes a single value asks Trailing whether the user wrote more after it
// (encoding/json's Decoder stops at the end of the first value and would ignore the rest).
package jsonloc
