#!/usr/bin/env perl
# An AASA applinks matcher the naive way: every pattern is a glob matched character by character
# (a memoized recursive matcher, `*` any run, `?` one character, `$(name)` one of the values), in
# plain Perl with the core JSON::PP module. Speaks LinkMatch's conformance protocol: one JSON
# request per line on stdin, one JSON reply per line on stdout.
#
# It follows SPEC.md except for five deliberate deviations, each a mistake real tools make, listed
# in glob_matcher.known (what `linkmatch fuzz --known` reads) and in README.md:
#
#   G1 (SPEC N2)  trailing slashes are dropped from the pattern but not from the URL's path, so
#                 "/buy" does not match "/buy/".
#   G2 (SPEC V3)  predefined variables ($(upper), $(region)...) are fixed character lists that
#                 ignore caseSensitive: false; custom variables are folded.
#   G3 (SPEC U2)  the scheme must be exactly "https": "HTTPS://..." does not match.
#   G4 (SPEC C5)  an entry's `defaults` are ignored: its rules take `applinks.defaults` only.
#   G5 (SPEC D4)  an entry whose `appIDs` is the empty array falls back to its `appID`.
#
# Each deviation is one `if ($DEVIATION{Gn})` below. The environment variable PEER_DEVIATIONS (a
# comma-separated list, possibly empty) keeps only the ones it names, to try one at a time.
use strict;
use warnings;
no warnings 'recursion';
use feature 'unicode_strings';
use JSON::PP;
use File::Basename qw(dirname);

binmode STDIN;
binmode STDOUT;
$| = 1;

my @ALL_DEVIATIONS = qw(G1 G2 G3 G4 G5);
my %DEVIATION = map { $_ => 1 } (exists $ENV{PEER_DEVIATIONS} ? grep { $_ ne '' } map { s/^\s+|\s+\z//gr } split /,/, $ENV{PEER_DEVIATIONS} : @ALL_DEVIATIONS);

my $json = JSON::PP->new->utf8->canonical;
my $tables = do {
    my $file = dirname(__FILE__) . "/predefined-tables.json";
    open my $fh, '<:raw', $file or die "cannot read $file: $!";
    local $/;
    $json->decode(<$fh>);
};
my %PREDEFINED = (
    alpha  => [ 'A' .. 'Z', 'a' .. 'z' ],
    upper  => [ 'A' .. 'Z' ],
    lower  => [ 'a' .. 'z' ],
    alnum  => [ 'A' .. 'Z', 'a' .. 'z', '0' .. '9' ],
    digit  => [ '0' .. '9' ],
    xdigit => [ '0' .. '9', 'A' .. 'F', 'a' .. 'f' ],
    region => $tables->{region},
    lang   => $tables->{lang},
);
my $MAX_EXPANDED = 65536;

sub is_bool { JSON::PP::is_bool($_[0]) }
sub is_string { defined $_[0] && !ref $_[0] && !is_bool($_[0]) && !looks_like_json_number($_[0]) }
# JSON::PP gives numbers as plain scalars too; a JSON string is told apart by its flags.
sub looks_like_json_number {
    my ($v) = @_;
    return 0 if ref $v;
    my $b = B::svref_2object(\$v);
    return ($b->FLAGS & (B::SVp_IOK() | B::SVp_NOK())) && !($b->FLAGS & B::SVp_POK());
}
use B ();

# ------------------------------------------------------------------ the document

sub component_fields {
    my ($obj) = @_;
    my %f;
    return \%f unless ref $obj eq 'HASH';
    for my $key ('/', '#') { $f{$key} = $obj->{$key} if exists $obj->{$key} && is_string($obj->{$key}) }
    my $q = $obj->{'?'};
    if (defined $q && is_string($q)) {
        $f{'?'} = $q;
    } elsif (ref $q eq 'HASH' && !grep { !is_string($_) } values %$q) {
        $f{'?'} = {%$q};
    }
    for my $key (qw(exclude caseSensitive percentEncoded)) {
        $f{$key} = ($obj->{$key} ? 1 : 0) if exists $obj->{$key} && is_bool($obj->{$key});
    }
    return \%f;
}

sub load {
    my ($aasa) = @_;
    die "the document is not a JSON object\n" unless ref $aasa eq 'HASH';
    my $applinks = $aasa->{applinks};
    return ({}, {}, []) unless ref $applinks eq 'HASH';
    my %variables;
    if (ref $applinks->{substitutionVariables} eq 'HASH') {
        while (my ($name, $values) = each %{ $applinks->{substitutionVariables} }) {
            $variables{$name} = [ grep { is_string($_) } @$values ] if ref $values eq 'ARRAY';
        }
    }
    my $details = $applinks->{details};
    my @raw;
    if (ref $details eq 'ARRAY') {
        @raw = map { [ undef, $_ ] } @$details;
    } elsif (ref $details eq 'HASH') {
        @raw = map { [ $_, $details->{$_} ] } sort keys %$details;
    }
    my @entries;
    for my $item (@raw) {
        my ($key, $entry) = @$item;
        next unless ref $entry eq 'HASH';
        # D4, D5: an `appIDs` array names the apps; else the dictionary key, else `appID`.
        my %apps;
        # Deviation G5 (SPEC D4): an empty `appIDs` array lets `appID` name the app.
        my $fallback = $DEVIATION{G5} && ref $entry->{appIDs} eq 'ARRAY' && !@{ $entry->{appIDs} } && !defined $key;
        if ($fallback && is_string($entry->{appID})) { $apps{ $entry->{appID} } = 1 }
        elsif (ref $entry->{appIDs} eq 'ARRAY') { $apps{$_} = 1 for grep { is_string($_) } @{ $entry->{appIDs} } }
        elsif (defined $key) { $apps{$key} = 1 }
        elsif (is_string($entry->{appID})) { $apps{ $entry->{appID} } = 1 }
        delete $apps{''};
        my @rules;
        if (ref $entry->{components} eq 'ARRAY') {
            @rules = map { component_fields($_) } grep { ref $_ eq 'HASH' } @{ $entry->{components} };
        } elsif (ref $entry->{paths} eq 'ARRAY') {
            for my $p (grep { is_string($_) } @{ $entry->{paths} }) {
                push @rules, ($p =~ /^NOT (.*)\z/s ? { '/' => $1, exclude => 1 } : { '/' => $p });
            }
        }
        # Deviation G4 (SPEC C5): the entry's `defaults` are not read.
        push @entries, [ \%apps, $DEVIATION{G4} ? {} : component_fields($entry->{defaults}), \@rules ];
    }
    return (component_fields($applinks->{defaults}), \%variables, \@entries);
}

sub effective {
    my ($rule, $entry_defaults, $domain_defaults) = @_;
    my %builtin = ('/' => undef, '?' => undef, '#' => undef, exclude => 0, caseSensitive => 1, percentEncoded => 1);
    my %out;
    for my $key (keys %builtin) {
        my $value = $builtin{$key};
        for my $level ($rule, $entry_defaults, $domain_defaults) {
            if (exists $level->{$key}) { $value = $level->{$key}; last }
        }
        $out{$key} = $value;
    }
    return \%out;
}

# ------------------------------------------------------------------ the URL

sub normalize_url {
    my ($url) = @_;
    my $bytes = $url;
    utf8::encode($bytes);
    $bytes =~ s/([\x00-\x20\x7F-\xFF"<>\\^`{|}])/sprintf("%%%02X", ord $1)/ge;
    die "bad URL: invalid percent escape\n" if $bytes =~ /%(?![0-9A-Fa-f]{2})/;
    return $bytes;
}

sub split_url {
    my ($url) = @_;
    $url =~ /^([^:\/?#]+):/ or die "bad URL: no scheme\n";
    my $scheme = $1;
    die "bad URL: bad scheme\n" unless $scheme =~ /^[A-Za-z][A-Za-z0-9+.-]*\z/;
    my $rest = substr($url, length($scheme) + 1);
    $rest =~ s{^//}{} or die "bad URL: no host\n";
    $rest =~ /^([^\/?#]*)(.*)\z/s;
    my ($authority, $tail) = ($1, $2);
    my $host = $authority;
    $host =~ s/^.*@//s;
    if ($host =~ /^\[/) {
        $host =~ /^(\[[^\]]*\])/ or die "bad URL: invalid host\n";
        $host = $1;
    } elsif ($host =~ /^(.*):([^:]*)\z/s) {
        my ($h, $port) = ($1, $2);
        die "bad URL: invalid port\n" unless $port =~ /^[0-9]*\z/;
        $host = $h;
    }
    die "bad URL: empty host\n" if $host eq '';
    my ($fragment, $query);
    $fragment = $1 if $tail =~ s/#(.*)\z//s;
    $query = $1 if $tail =~ s/\?(.*)\z//s;
    return ($scheme, $host, $tail, $query, $fragment);
}

# E3: percent-decode, then read the bytes as UTF-8, each maximal invalid subsequence one U+FFFD.
sub decode_text {
    my ($text) = @_;
    (my $bytes = $text) =~ s/%([0-9A-Fa-f]{2})/chr hex $1/ge;
    my @b = map { ord } split //, $bytes;
    my $out = '';
    my $i = 0;
    while ($i < @b) {
        my $c = $b[$i];
        if ($c < 0x80) { $out .= chr $c; $i++; next }
        my ($len, $lo, $hi, $cp);
        if    ($c >= 0xC2 && $c <= 0xDF) { ($len, $lo, $hi, $cp) = (2, 0x80, 0xBF, $c & 0x1F) }
        elsif ($c == 0xE0)               { ($len, $lo, $hi, $cp) = (3, 0xA0, 0xBF, $c & 0x0F) }
        elsif ($c == 0xED)               { ($len, $lo, $hi, $cp) = (3, 0x80, 0x9F, $c & 0x0F) }
        elsif ($c >= 0xE1 && $c <= 0xEF) { ($len, $lo, $hi, $cp) = (3, 0x80, 0xBF, $c & 0x0F) }
        elsif ($c == 0xF0)               { ($len, $lo, $hi, $cp) = (4, 0x90, 0xBF, $c & 0x07) }
        elsif ($c >= 0xF1 && $c <= 0xF3) { ($len, $lo, $hi, $cp) = (4, 0x80, 0xBF, $c & 0x07) }
        elsif ($c == 0xF4)               { ($len, $lo, $hi, $cp) = (4, 0x80, 0x8F, $c & 0x07) }
        else { $out .= "\x{FFFD}"; $i++; next }
        my $j = $i + 1;
        my $ok = 1;
        for my $k (1 .. $len - 1) {
            my ($l, $h) = $k == 1 ? ($lo, $hi) : (0x80, 0xBF);
            if ($j < @b && $b[$j] >= $l && $b[$j] <= $h) { $cp = ($cp << 6) | ($b[$j] & 0x3F); $j++ }
            else { $ok = 0; last }
        }
        $out .= $ok ? chr($cp) : "\x{FFFD}";
        $i = $j;
    }
    return $out;
}

# E1: each character to its lowercase when that is one character.
sub fold {
    my ($s) = @_;
    return join '', map { my $l = lc $_; length($l) == 1 ? $l : $_ } split //, $s;
}

# ------------------------------------------------------------------ globs

# P3: a list of elements: ['lit', c], ['?'], ['*'], ['var', name]; undef when a $( is broken.
sub elements {
    my ($p) = @_;
    my @out;
    my @c = split //, $p;
    my $i = 0;
    while ($i < @c) {
        if ($c[$i] eq '$' && $i + 1 < @c && $c[$i + 1] eq '(') {
            my $j = $i + 2;
            my $name = '';
            while ($j < @c && $c[$j] ne ')') { return undef if $c[$j] eq '$' || $c[$j] eq '('; $name .= $c[$j]; $j++ }
            return undef if $j >= @c || $name eq '';
            push @out, [ 'var', $name ];
            $i = $j + 1;
        } else {
            push @out, $c[$i] eq '*' ? ['*'] : $c[$i] eq '?' ? ['?'] : [ 'lit', $c[$i] ];
            $i++;
        }
    }
    return \@out;
}

# A value of a variable: `*` and `?` are wildcards, everything else literal (V2).
sub value_elements { [ map { $_ eq '*' ? ['*'] : $_ eq '?' ? ['?'] : [ 'lit', $_ ] } split //, $_[0] ] }

# Does the glob (elements, with values for variables) match the whole text?
sub glob_match {
    my ($elems, $text, $values) = @_;
    my @t = split //, $text;
    my %memo;
    my $m;
    $m = sub {
        my ($i, $j) = @_;
        my $key = "$i,$j";
        return $memo{$key} if exists $memo{$key};
        my $r = 0;
        if ($i == @$elems) {
            $r = $j == @t ? 1 : 0;
        } else {
            my $e = $elems->[$i];
            if ($e->[0] eq '*') {
                $r = $m->($i + 1, $j) || ($j < @t && $m->($i, $j + 1)) ? 1 : 0;
            } elsif ($e->[0] eq '?') {
                $r = $j < @t && $m->($i + 1, $j + 1) ? 1 : 0;
            } elsif ($e->[0] eq 'lit') {
                $r = $j < @t && $t[$j] eq $e->[1] && $m->($i + 1, $j + 1) ? 1 : 0;
            } else {
                VALUE: for my $v (@{ $values->{ $e->[1] } }) {
                    if ($v !~ /[*?]/) {
                        if (substr($text, $j, length $v) eq $v && $j + length($v) <= @t && $m->($i + 1, $j + length $v)) { $r = 1; last VALUE }
                    } else {
                        my $ve = value_elements($v);
                        for my $k ($j .. scalar @t) {
                            if (glob_match($ve, join('', @t[$j .. $k - 1]), {}) && $m->($i + 1, $k)) { $r = 1; last VALUE }
                        }
                    }
                }
            }
        }
        return $memo{$key} = $r;
    };
    my $result = $m->(0, 0);
    undef $m;
    return $result;
}

# ------------------------------------------------------------------ deciding

sub variable_values {
    my ($name, $variables, $case_sensitive) = @_;
    if (exists $variables->{$name}) {
        return [ map { $case_sensitive ? $_ : fold($_) } @{ $variables->{$name} } ];
    }
    # Deviation G2 (SPEC V3): the predefined lists are used as they are, never folded.
    return $PREDEFINED{$name} if $DEVIATION{G2} || $case_sensitive || !$PREDEFINED{$name};
    return [ map { fold($_) } @{ $PREDEFINED{$name} } ];
}

sub prepared_pattern {
    my ($pattern, $variables, $cs, $is_path) = @_;
    my $elems = elements($pattern) or return undef;
    my %values;
    my $size = @$elems;
    for my $e (grep { $_->[0] eq 'var' } @$elems) {
        my $v = variable_values($e->[1], $variables, $cs) or return undef;
        $values{ $e->[1] } = $v;
        $size += length $_ for @$v;
    }
    return undef if $size > $MAX_EXPANDED;
    $elems = [ map { $_->[0] eq 'lit' && !$cs ? [ 'lit', fold($_->[1]) ] : $_ } @$elems ];
    if ($is_path) {
        shift @$elems while @$elems && $elems->[0][0] eq 'lit' && $elems->[0][1] eq '/';
        pop @$elems while @$elems && $elems->[-1][0] eq 'lit' && $elems->[-1][1] eq '/';
    }
    return [ $elems, \%values ];
}

sub rule_matches {
    my ($rule, $path, $query, $fragment, $variables) = @_;
    my ($cs, $pe) = ($rule->{caseSensitive}, $rule->{percentEncoded});
    my $text = sub { my $t = $pe ? $_[0] : decode_text($_[0]); $cs ? $t : fold($t) };
    my @patterns = grep { defined } ($rule->{'/'}, $rule->{'#'}, ref $rule->{'?'} ? values %{ $rule->{'?'} } : $rule->{'?'});
    for my $p (@patterns) { return 0 unless prepared_pattern($p, $variables, $cs, 0) }
    my $matches = sub {
        my ($pattern, $raw, $is_path) = @_;
        return 1 unless defined $pattern;
        my $prepared = prepared_pattern($pattern, $variables, $cs, $is_path) or return 0;
        my $t = $text->($raw);
        if ($is_path) {
            $t =~ s{^/+}{};
            # Deviation G1 (SPEC N2): trailing slashes of the path are kept.
            $t =~ s{/+\z}{} unless $DEVIATION{G1};
            my $ok = glob_match($prepared->[0], $t, $prepared->[1]);
            return 1 if $ok;
            # N3: a pattern ending in "/*" also matches the parent path.
            my @e = @{ $prepared->[0] };
            if (@e >= 2 && $e[-1][0] eq '*' && $e[-2][0] eq 'lit' && $e[-2][1] eq '/') {
                pop @e for 1 .. 2;
                pop @e while @e && $e[-1][0] eq 'lit' && $e[-1][1] eq '/';
                return glob_match(\@e, $t, $prepared->[1]);
            }
            return 0;
        }
        return glob_match($prepared->[0], $t, $prepared->[1]);
    };
    return 0 unless $matches->($rule->{'/'}, $path, 1);
    my $q = $rule->{'?'};
    if (defined $q && !ref $q) {
        return 0 unless $matches->($q, defined $query ? $query : '');
    } elsif (ref $q eq 'HASH') {
        my @items = map { /^([^=]*)(?:=(.*))?\z/s; [ $1, defined $2 ? $2 : '' ] } grep { $_ ne '' } split /&/, (defined $query ? $query : ''), -1;
        for my $name (keys %$q) {
            my $want = $cs ? $name : fold($name);
            my @values = map { $_->[1] } grep { $text->($_->[0]) eq $want } @items;
            @values = ('') unless @values;
            for my $v (@values) { return 0 unless $matches->($q->{$name}, $v) }
        }
    }
    return $matches->($rule->{'#'}, defined $fragment ? $fragment : '');
}

sub decide {
    my ($request) = @_;
    for my $key (qw(domain appId url)) { die "missing field $key\n" unless is_string($request->{$key}) }
    my ($domain_defaults, $variables, $entries) = load($request->{aasa});
    my ($scheme, $host, $path, $query, $fragment) = split_url(normalize_url($request->{url}));
    # Deviation G3 (SPEC U2): the scheme is compared case-sensitively.
    return 'no_match' unless $DEVIATION{G3} ? $scheme eq 'https' : lc($scheme) eq 'https';
    return 'no_match' if $request->{domain} ne '' && lc($host) ne lc($request->{domain});
    for my $entry (@$entries) {
        my ($apps, $entry_defaults, $rules) = @$entry;
        next unless $apps->{ $request->{appId} };
        for my $rule (@$rules) {
            my $eff = effective($rule, $entry_defaults, $domain_defaults);
            return $eff->{exclude} ? 'exclude' : 'match' if rule_matches($eff, $path, $query, $fragment, $variables);
        }
    }
    return 'no_match';
}

while (my $line = <STDIN>) {
    my $id;
    my $reply = eval {
        my $request = $json->decode($line);
        die "a request must be an object\n" unless ref $request eq 'HASH';
        $id = $request->{id};
        { id => $id, decision => decide($request) };
    };
    unless ($reply) {
        (my $message = $@) =~ s/\s+\z//;
        $reply = { id => $id, error => $message };
    }
    print $json->encode($reply), "\n";
}
