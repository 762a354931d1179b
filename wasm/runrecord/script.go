package runrecord

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"net/url"
	"strings"
)

// Script is a policy written as a script, as a run keeps it: the policy's name (declared in the
// file, else its base name), the file name its errors cite, its source and the source's hash
// (policies/script.Hash, set by the worker that compiled it).
type Script struct {
	Name   string `json:"name"`
	File   string `json:"file"`
	Hash   string `json:"hash"`
	Source string `json:"source"`
}

// A share link carries its run's scripts in "script": PackScripts' bytes compressed with raw
// DEFLATE (RFC 1951), then base64url-encoded. The page compresses and decompresses with the
// browser's own CompressionStream("deflate-raw"), so its binary carries no Go compressor (about
// 50 KB of its load, brotli); the format is compress/flate's, as the tests check.

// MaxLinkScripts bounds the "script" value of a link, in characters: 6,000 keep the whole link
// under about 8 KB, which browsers, chat tools and web servers all accept; a policy script of a
// page or two compresses to well under it.
const MaxLinkScripts = 6000

// MaxScriptBytes bounds a link's scripts uncompressed (a crafted link could inflate enormously).
const MaxScriptBytes = 1 << 20

// ErrLinkTooLong says a run's scripts do not fit in a link.
type ErrLinkTooLong struct{ Chars int }

func (e ErrLinkTooLong) Error() string {
	return fmt.Sprintf("the scripts need %d characters compressed, more than a link may carry (%d): share the run's JSON export instead", e.Chars, MaxLinkScripts)
}

// PackScripts lays out scripts for a link: each one's policy name, file name and source, each a
// uvarint length then its bytes. The name lets the page offer the policy before a worker has
// compiled it; the worker that runs it checks it. Hashes are not packed: the worker derives them.
func PackScripts(ss []Script) []byte {
	var raw []byte
	for _, s := range ss {
		for _, part := range []string{s.Name, s.File, s.Source} {
			raw = binary.AppendUvarint(raw, uint64(len(part)))
			raw = append(raw, part...)
		}
	}
	return raw
}

// UnpackScripts reads PackScripts' bytes.
func UnpackScripts(raw []byte) ([]Script, error) {
	if len(raw) > MaxScriptBytes {
		return nil, fmt.Errorf("url: script: more than %d bytes uncompressed", MaxScriptBytes)
	}
	var out []Script
	for len(raw) > 0 {
		var part [3]string
		for k := range part {
			n, w := binary.Uvarint(raw)
			if w <= 0 || n > uint64(len(raw)-w) {
				return nil, fmt.Errorf("url: script: damaged (a length beyond the data)")
			}
			part[k], raw = string(raw[w:w+int(n)]), raw[w+int(n):]
		}
		out = append(out, Script{Name: part[0], File: part[1], Source: part[2]})
	}
	return out, nil
}

// WithScripts adds the compressed scripts (PackScripts, then raw DEFLATE) to a query as "script".
// Scripts too long for a link leave the query as it is and give an ErrLinkTooLong.
func WithScripts(query string, deflated []byte) (string, error) {
	v := base64.RawURLEncoding.EncodeToString(deflated)
	if len(v) > MaxLinkScripts {
		return query, ErrLinkTooLong{len(v)}
	}
	return query + "&script=" + v, nil
}

// ScriptsParam is a query's compressed scripts (nil when it has none), to decompress and unpack.
func ScriptsParam(raw string) ([]byte, error) {
	q, err := url.ParseQuery(strings.TrimPrefix(raw, "?"))
	if err != nil {
		return nil, fmt.Errorf("url: %w", err)
	}
	v := q.Get("script")
	if v == "" {
		return nil, nil
	}
	if len(v) > MaxLinkScripts {
		return nil, fmt.Errorf("url: script: %v", ErrLinkTooLong{len(v)})
	}
	z, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil {
		return nil, fmt.Errorf("url: script: not base64url: %v", err)
	}
	return z, nil
}

// ScriptNameError says why a scripted policy's name cannot be offered ("" when it can): the page
// puts names in its lists, its element hooks and its links (comma-separated), so a name is
// letters, digits and . _ + - only, at most 64 of them, starting with a letter or digit.
func ScriptNameError(name string) string {
	if name == "" || len(name) > 64 {
		return fmt.Sprintf("policy name %q: want 1 to 64 characters", name)
	}
	for i, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || (i > 0 && strings.ContainsRune("._+-", r))
		if !ok {
			return fmt.Sprintf("policy name %q: use letters, digits and . _ + - (starting with a letter or digit)", name)
		}
	}
	return ""
}
