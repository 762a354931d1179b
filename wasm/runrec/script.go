package runrec

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
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

// MaxLinkScripts bounds the scripts a share link carries, compressed (deflate, then base64url):
// 6,000 characters keep the whole link under about 8 KB, which browsers, chat tools and web
// servers all accept; a policy script of a page or two compresses to well under it.
const MaxLinkScripts = 6000

// ErrLinkTooLong says a run's scripts do not fit in a link.
type ErrLinkTooLong struct{ Chars int }

func (e ErrLinkTooLong) Error() string {
	return fmt.Sprintf("the scripts need %d characters compressed, more than a link may carry (%d): save the run and share its JSON export instead", e.Chars, MaxLinkScripts)
}

// encodeScripts is a link's "script" value: each script's policy name, file name and source
// (each a uvarint length, then its bytes), compressed. The name lets the page offer the policy
// before a worker has compiled it; the worker that runs it checks it.
func encodeScripts(ss []Script) (string, error) {
	var raw []byte
	for _, s := range ss {
		for _, part := range []string{s.Name, s.File, s.Source} {
			raw = binary.AppendUvarint(raw, uint64(len(part)))
			raw = append(raw, part...)
		}
	}
	var z bytes.Buffer
	w, _ := flate.NewWriter(&z, flate.BestCompression)
	w.Write(raw)
	w.Close()
	out := base64.RawURLEncoding.EncodeToString(z.Bytes())
	if len(out) > MaxLinkScripts {
		return "", ErrLinkTooLong{len(out)}
	}
	return out, nil
}

// maxScriptBytes bounds a link's decompressed scripts (a crafted link could inflate enormously).
const maxScriptBytes = 1 << 20

// decodeScripts reads encodeScripts' value. Hashes are not in a link: the worker that compiles a
// script derives its hash, and the run's record keeps it.
func decodeScripts(v string) ([]Script, error) {
	if len(v) > MaxLinkScripts {
		return nil, ErrLinkTooLong{len(v)}
	}
	z, err := base64.RawURLEncoding.DecodeString(v)
	if err != nil {
		return nil, fmt.Errorf("url: script: not base64url: %v", err)
	}
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(z)), maxScriptBytes+1))
	if err != nil {
		return nil, fmt.Errorf("url: script: not deflate data: %v", err)
	}
	if len(raw) > maxScriptBytes {
		return nil, fmt.Errorf("url: script: more than %d bytes uncompressed", maxScriptBytes)
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
